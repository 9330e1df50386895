import type { Page } from 'playwright-core';
import { WebClient } from './web-client';

export interface Person {
  email: string;
  firstName?: string;
  lastName?: string;
  /** Whether the provider vouches for the email (default: yes). */
  verified?: boolean;
}

/** Signs in through /api/login and the development provider's form, as a person would. Returns where it lands. */
export async function signIn(client: WebClient, person: Person, returnTo?: string): Promise<string> {
  return finishSignIn(client, await startSignIn(client, returnTo), person);
}

/** Goes through /api/login to the development provider's sign-in form; answers where the form posts. */
export async function startSignIn(client: WebClient, returnTo?: string): Promise<string> {
  const start = await client.request(
    `/api/login${returnTo === undefined ? '' : `?returnTo=${encodeURIComponent(returnTo)}`}`,
  );
  const action = /<form method="post" action="([^"]+)"/.exec(start.body)?.[1];
  if (!action) throw new Error(`No sign-in form at ${start.url} (${start.status})`);
  return action.replace(/&amp;/g, '&');
}

/** Sends the development provider's sign-in form as `person`, following back to the store. Returns where it lands. */
export async function finishSignIn(client: WebClient, action: string, person: Person): Promise<string> {
  const landed = await client.request(action, {
    form: {
      email: person.email,
      given_name: person.firstName ?? '',
      family_name: person.lastName ?? '',
      ...(person.verified === false ? {} : { email_verified: 'true' }),
    },
  });
  return new URL(landed.url).pathname + new URL(landed.url).search;
}

/**
 * Signs out as the sign-out page's button does: POST /api/logout from the store. The provider's
 * sign-out page submits its confirmation form by script; this does what that script does.
 * Returns where it lands.
 */
export async function signOut(client: WebClient): Promise<string> {
  let page = await client.request('/api/logout', { method: 'POST', headers: { origin: client.origin } });
  const form = /<form[^>]*id="op.logoutForm"[^>]*>([\s\S]*?)<\/form>/.exec(page.body);
  if (form) {
    const action = /action="([^"]+)"/.exec(page.body.slice(page.body.indexOf('id="op.logoutForm"') - 200))?.[1];
    const fields = Object.fromEntries(
      [...form[1].matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    page = await client.request(new URL(action!, page.url).toString(), { form: { ...fields, logout: 'yes' } });
  }
  return new URL(page.url).pathname;
}

/** Fills in the development provider's sign-in form in a browser, as a person would, and sends it. */
export async function submitSignInForm(page: Page, person: Person): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(person.email);
  if (person.firstName !== undefined) await page.getByLabel('First name').fill(person.firstName);
  if (person.lastName !== undefined) await page.getByLabel('Last name').fill(person.lastName);
  if (person.verified === false) await page.getByRole('checkbox', { name: /verified/ }).uncheck();
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in through /api/login in a browser and waits to land back on `returnTo`. */
export async function signInInBrowser(page: Page, origin: string, person: Person, returnTo: string): Promise<void> {
  await page.goto(`${origin}/api/login?returnTo=${encodeURIComponent(returnTo)}`);
  await submitSignInForm(page, person);
  await page.waitForURL(`${origin}${returnTo}`);
}
