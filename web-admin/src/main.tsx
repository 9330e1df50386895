import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ADMIN_ROUTES, matchesRoute } from '@contracts/routes';

function App() {
  if (!matchesRoute(ADMIN_ROUTES, window.location.pathname)) {
    return (
      <main>
        <h1>404</h1>
        <p>Page not found</p>
        <a href="/admin">Go Home</a>
      </main>
    );
  }
  return (
    <main>
      <h1>County Data Store Admin</h1>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
