import { ReactNode, useEffect } from 'react';
import { Link } from 'react-router-dom';
import { Logo } from '@/components/site';
import { ButtonLink } from '@/components/ui/button';
import './legal-layout.css';

interface LegalLayoutProps {
  title: string;
  updated: string;
  intro: ReactNode;
  children: ReactNode;
}

/** The frame both legal documents share: header with the way home, the document, and links to both. */
export function LegalLayout({ title, updated, intro, children }: LegalLayoutProps) {
  useDocumentTitle(`${title} | County Data Store`);
  return (
    <>
      <header className="legal-header">
        <div className="container legal-header__bar">
          <Logo />
          <ButtonLink to="/" variant="ghost" size="sm">
            <span aria-hidden="true">←</span> Back to Home
          </ButtonLink>
        </div>
      </header>
      <main id="main" className="container legal-main">
        <article className="card legal-document">
          <h1 className="legal-document__title">{title}</h1>
          <p className="legal-document__updated muted">Last updated: {updated}</p>
          <div className="legal-document__intro">{intro}</div>
          {children}
        </article>
      </main>
      <footer className="legal-footer">
        <nav aria-label="Legal" className="container legal-footer__nav">
          <Link to="/privacy">Privacy Policy</Link>
          <Link to="/terms">Terms and Conditions</Link>
          <Link to="/">Home</Link>
        </nav>
      </footer>
    </>
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

// The title a browser tab and history show; the landing page's own title comes back on leaving.
function useDocumentTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
