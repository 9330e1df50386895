import { useEffect } from 'react';
import { ButtonLink } from '@/components/ui/button';
import './not-found-page.css';

export function NotFoundPage() {
  // The tab and history name the miss; leaving restores the app's own title.
  useEffect(() => {
    const previous = document.title;
    document.title = 'Page not found | County Data Store';
    return () => {
      document.title = previous;
    };
  }, []);
  return (
    <main id="main" className="not-found">
      <p className="not-found__code">404</p>
      <h1 className="not-found__title">Page not found</h1>
      <p className="muted">The page you are looking for does not exist or has moved.</p>
      <ButtonLink to="/" size="lg">
        Go Home
      </ButtonLink>
    </main>
  );
}
