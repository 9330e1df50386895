/**
 * The two small pages of signing out. They are served under the API's strict
 * Content-Security-Policy (no inline script or style), so they carry no script
 * and take their look from SIGN_OUT_STYLESHEET.
 */
export const SIGN_OUT_STYLESHEET_PATH = '/api/logout/page.css';

export const SIGN_OUT_STYLESHEET = `
body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f8fafc;
  color: #0f172a; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
main { width: min(22rem, calc(100vw - 2rem)); padding: 2rem; background: #fff; border: 1px solid #e2e8f0;
  border-radius: 0.75rem; box-shadow: 0 1px 3px rgb(15 23 42 / 0.08); text-align: center; }
h1 { margin: 0 0 0.5rem; font-size: 1.25rem; }
p { margin: 0 0 1.5rem; color: #475569; }
form { margin: 0 0 1rem; }
button { width: 100%; padding: 0.625rem 1rem; border: 0; border-radius: 0.5rem; background: #0f172a; color: #fff;
  font: inherit; font-weight: 600; cursor: pointer; }
button:hover { background: #1e293b; }
button:focus-visible, a:focus-visible { outline: 2px solid #2563eb; outline-offset: 2px; }
a { color: #2563eb; }
`.trimStart();

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}

function page(title: string, head: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · County Data Store</title>
<link rel="stylesheet" href="${SIGN_OUT_STYLESHEET_PATH}">${head}
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

/**
 * What GET /api/logout shows: a button that signs out by POST. A link another site plants
 * (or a prefetch) then cannot end the session; the store's Logout link posts this form itself.
 */
export function confirmSignOutPage(): string {
  return page(
    'Sign out',
    '',
    `<h1>Sign out of County Data Store?</h1>
<p>You will need to sign in again to see your subscriptions.</p>
<form method="post" action="/api/logout"><button type="submit">Sign out</button></form>
<a href="/dashboard">Back to my dashboard</a>`,
  );
}

/**
 * What POST /api/logout answers when the provider's sign-out is on another site. A redirect
 * there would be the form's navigation, which the pages' `form-action 'self'` refuses in
 * browsers; a refresh to it is a new navigation of its own.
 */
export function continueToProviderPage(target: string): string {
  const url = escapeHtml(target);
  return page(
    'Signed out',
    `\n<meta http-equiv="refresh" content="0;url=${url}">`,
    `<h1>You are signed out of the store</h1>
<p>Signing you out of your sign-in provider too…</p>
<a href="${url}">Continue</a>`,
  );
}
