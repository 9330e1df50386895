import { ReactNode } from 'react';
import { DocumentPage } from '@/components/document-page';
import './legal-layout.css';

interface LegalLayoutProps {
  title: string;
  updated: string;
  intro: ReactNode;
  children: ReactNode;
}

/** The frame both legal documents share: the store's reading-page frame around one card of text. */
export function LegalLayout({ title, updated, intro, children }: LegalLayoutProps) {
  return (
    <DocumentPage title={title}>
      <article className="card legal-document">
        <h1 className="legal-document__title">{title}</h1>
        <p className="legal-document__updated muted">Last updated: {updated}</p>
        <div className="legal-document__intro">{intro}</div>
        {children}
      </article>
    </DocumentPage>
  );
}

/** One numbered part of a legal document, with a heading other parts can link to. */
export function LegalSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="legal-section" aria-labelledby={`${id}-title`} id={id}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}
