import { confirmSignOutPage, continueToProviderPage, SIGN_OUT_STYLESHEET_PATH } from './sign-out-page';

describe('the sign-out pages', () => {
  it('ask to sign out with a form that posts, and carry no inline script or style', () => {
    const html = confirmSignOutPage();
    expect(html).toContain('<form method="post" action="/api/logout"><button type="submit">Sign out</button></form>');
    expect(html).toContain(`<link rel="stylesheet" href="${SIGN_OUT_STYLESHEET_PATH}">`);
    expect(html).not.toMatch(/<script|<style|\sstyle=|\son[a-z]+=/i);
  });

  it("move on to the provider's sign-out on another site without letting its address break out of the page", () => {
    const target = 'https://id.example/logout?client_id=a&post_logout_redirect_uri=https%3A%2F%2Fstore%2F&x="><script>';
    const html = continueToProviderPage(target);
    const escaped = target.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    expect(html).toContain(`<meta http-equiv="refresh" content="0;url=${escaped}">`);
    expect(html).toContain(`<a href="${escaped}">Continue</a>`);
    expect(html).not.toContain('<script>');
  });
});
