import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { matchesRoute, STORE_ROUTES } from '@contracts/routes';

function NotFound() {
  return (
    <main>
      <h1>404</h1>
      <p>Page not found</p>
      <a href="/">Go Home</a>
    </main>
  );
}

function App() {
  if (!matchesRoute(STORE_ROUTES, window.location.pathname)) return <NotFound />;
  return (
    <main>
      <h1>County Data Store</h1>
      <p>Bulk property-record data for every U.S. county.</p>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
