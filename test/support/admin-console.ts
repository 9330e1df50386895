import type { Page } from 'playwright-core';
import { TEST_ADMIN_PASSWORD } from './test-app';

/**
 * Signs in to the admin console through its login form, as staff do, and waits for the
 * dashboard. Only wrong passwords count against the login throttle, so tests may call it freely.
 * Answers the token the login answered (the console itself keeps only the httpOnly cookie).
 */
export async function signInToConsole(page: Page, origin: string, then = '/admin/dashboard'): Promise<string> {
  await page.goto(`${origin}/admin/login`);
  await page.getByLabel('Password').fill(TEST_ADMIN_PASSWORD);
  const answer = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/admin/login');
  await page.getByRole('button', { name: 'Sign In' }).click();
  const { token } = (await (await answer).json()) as { token: string };
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  if (then !== '/admin/dashboard') await page.goto(`${origin}${then}`);
  return token;
}

/** What the console keeps in the page's localStorage under the admin token key (docs/store-spec.md §3), or null. */
export function storedAdminToken(page: Page): Promise<string | null> {
  // A string, because this file compiles without the DOM library.
  return page.evaluate<string | null>(`localStorage.getItem('adminToken')`);
}
