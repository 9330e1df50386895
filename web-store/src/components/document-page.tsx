import { ReactNode, useEffect } from 'react';
import { Link } from 'react-router-dom';
import { Logo } from './site';
import { ButtonLink } from './ui/button';
import './document-page.css';

/**
 * The frame of the store's public reading pages (the legal documents, the data schema): a header with
 * the way home, the page, and a footer linking the others.
 */
export function DocumentPage({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(`${title} | County Data Store`);
  return (
    <>
      <header className="document-header">
        <div className="container document-header__bar">
          <Logo />
          <ButtonLink to="/" variant="ghost" size="sm">
            <span aria-hidden="true">←</span> Back to Home
          </ButtonLink>
        </div>
      </header>
      <main id="main" className="container document-main">
        {children}
      </main>
      <footer className="document-footer">
        <nav aria-label="Footer" className="container document-footer__nav">
          <Link to="/privacy">Privacy Policy</Link>
          <Link to="/terms">Terms and Conditions</Link>
          <Link to="/schema">Data schema</Link>
          <Link to="/">Home</Link>
        </nav>
      </footer>
    </>
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
