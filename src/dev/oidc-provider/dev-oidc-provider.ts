import express, { Request, Response, Router } from 'express';
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { escapeHtml } from '../../common/html';
import { devMemoryAdapter } from './dev-memory-adapter';

/** Where the store mounts the development provider while it is active. */
export const DEV_OIDC_PATH = '/dev/oidc';

/** Where the admin console's staff sign-in returns (src/modules/admin STAFF_CALLBACK_PATH); the store's client may use it. */
const STAFF_CALLBACK_PATH = '/api/admin/staff-login/callback';

/** The claim the development provider lists a person's groups in (OIDC_STAFF_GROUP_CLAIM's default). */
export const DEV_GROUPS_CLAIM = 'groups';

// The sign-out page submits itself from a script file: the store's Content-Security-Policy runs no inline script.
const SIGN_OUT_SCRIPT_PATH = `${DEV_OIDC_PATH}/sign-out.js`;
const SIGN_OUT_SCRIPT = `document.getElementById('op.logoutForm').requestSubmit(document.querySelector('button[name=logout]'));`;

export interface DevProviderOptions {
  publicUrl: string;
  callbackUrl: string;
  postLogoutRedirectUrl: string;
}

export interface DevProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  authorizationUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
  endSessionUrl: string;
  router: Router;
}

interface DevAccount {
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
  /** Groups the person belongs to, e.g. the staff group that may sign in to /admin. */
  groups: string[];
}

// oidc-provider is an ES module without type declarations; Node 20.19+ requires it natively.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type OidcProvider = any;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<title>${escapeHtml(title)}</title>
<style>body{font:16px system-ui,sans-serif;background:#f4f6f8;margin:0;display:grid;place-items:center;min-height:100vh}
main{background:#fff;padding:32px;border-radius:12px;max-width:420px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
.note{background:#fff4e5;color:#7a4100;padding:10px 12px;border-radius:8px;font-size:14px}
label{display:grid;gap:4px;margin:12px 0}input[type=text],input[type=email]{padding:9px 10px;border:1px solid #c4c9d2;border-radius:6px;font:inherit}
button{margin-top:12px;padding:10px 16px;border:0;border-radius:6px;background:#1d4ed8;color:#fff;font:inherit;cursor:pointer}
.check{display:flex;gap:8px;align-items:center}.error{color:#b91c1c}</style></head><body><main>${body}</main></body></html>`;
}

function signInPage(uid: string, error?: string, values: Partial<Record<string, string>> = {}): string {
  const value = (name: string) => escapeHtml(values[name] ?? '');
  return page(
    'Development sign-in',
    `<h1>Development sign-in</h1>
<p class="note">This page stands in for the store's OpenID Connect provider while it runs locally. It is for development only: there is no password, and it is never available in production.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${DEV_OIDC_PATH}/interaction/${escapeHtml(uid)}/login">
<label>Email<input type="email" name="email" required autofocus value="${value('email')}"></label>
<label>First name<input type="text" name="given_name" value="${value('given_name')}"></label>
<label>Last name<input type="text" name="family_name" value="${value('family_name')}"></label>
<label>Groups (comma-separated, e.g. county-store-staff for support staff, county-store-admins for admins)<input type="text" name="groups" value="${value('groups')}"></label>
<label class="check"><input type="checkbox" name="email_verified" value="true" checked> The provider has verified this email</label>
<button type="submit">Sign in</button>
</form>`,
  );
}

/**
 * A real OpenID Connect provider (the `oidc-provider` library) for local use,
 * mounted inside the store. Its sign-in page asks for an email and a name;
 * consent is given on the user's behalf. Accounts live in memory. A
 * person's groups are typed in too, so a test or a developer can be staff (the staff group) or not.
 */
export function createDevOidcProvider(options: DevProviderOptions): DevProvider {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { Provider } = require('oidc-provider') as { Provider: new (issuer: string, config: object) => OidcProvider };
  const issuer = `${options.publicUrl}${DEV_OIDC_PATH}`;
  const clientId = 'county-data-store-dev';
  const clientSecret = randomBytes(24).toString('base64url');
  const accounts = new Map<string, DevAccount>();
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });

  const provider: OidcProvider = new Provider(issuer, {
    adapter: devMemoryAdapter(),
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.callbackUrl, `${options.publicUrl}${STAFF_CALLBACK_PATH}`],
        post_logout_redirect_uris: [options.postLogoutRedirectUrl],
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    // passport-openidconnect does not send PKCE; the client authenticates with its secret instead.
    pkce: { required: () => false },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      // Groups ride with the profile, as many workforce providers release them; the staff sign-in reads them.
      profile: ['given_name', 'family_name', 'name', DEV_GROUPS_CLAIM],
    },
    findAccount: async (_ctx: unknown, sub: string) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      const name = [account.given_name, account.family_name].filter(Boolean).join(' ') || undefined;
      const { groups, ...profile } = account;
      return { accountId: sub, claims: async () => ({ sub, ...profile, name, [DEV_GROUPS_CLAIM]: groups }) };
    },
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => `${DEV_OIDC_PATH}/interaction/${interaction.uid}`,
    },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        // Sign out without asking: the confirmation form submits itself.
        logoutSource: async (ctx: { body: string }, form: string) => {
          ctx.body = page(
            'Signing out',
            `<h1>Signing out</h1>${form}<button form="op.logoutForm" type="submit" name="logout" value="yes">Sign out</button>
<script src="${SIGN_OUT_SCRIPT_PATH}"></script>`,
          );
        },
      },
    },
    // Lifetimes in seconds: a sign-in page stays open 10 minutes; a provider session lasts a day.
    ttl: { AccessToken: 3600, AuthorizationCode: 60, IdToken: 3600, Interaction: 600, Session: 86_400, Grant: 86_400 },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    jwks: { keys: [{ ...signingKey, use: 'sig', alg: 'RS256', kid: 'dev' }] },
    renderError: async (ctx: { body: string; type: string }, out: Record<string, string>) => {
      ctx.type = 'html';
      ctx.body = page(
        'Sign-in error',
        `<h1>Sign-in error</h1><p class="error">${escapeHtml(out.error_description ?? out.error ?? 'Error')}</p>`,
      );
    },
  });
  provider.proxy = true;

  const router = Router();
  const interactions = Router();
  interactions.get('/:uid', async (req: Request, res: Response, next) => {
    try {
      const details = await provider.interactionDetails(req, res);
      if (details.prompt.name === 'login') {
        res.type('html').send(signInPage(details.uid));
        return;
      }
      // Consent: grant what the store asked for.
      const grant = details.grantId
        ? await provider.Grant.find(details.grantId)
        : new provider.Grant({ accountId: details.session.accountId, clientId: details.params.client_id });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
    } catch (error) {
      next(error);
    }
  });
  interactions.post('/:uid/login', express.urlencoded({ extended: false, limit: '10kb' }), async (req, res, next) => {
    try {
      const form = req.body as Record<string, string>;
      const email = String(form.email ?? '')
        .trim()
        .toLowerCase();
      if (!/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(email)) {
        res
          .status(400)
          .type('html')
          .send(signInPage(req.params.uid, 'Enter a valid email address.', form));
        return;
      }
      const verified = form.email_verified === 'true';
      // One account per address and verification: claiming an address unverified is someone else.
      const sub = createHash('sha256').update(`${email}\n${verified}`).digest('hex').slice(0, 32);
      accounts.set(sub, {
        email,
        email_verified: verified,
        given_name:
          String(form.given_name ?? '')
            .trim()
            .slice(0, 100) || undefined,
        family_name:
          String(form.family_name ?? '')
            .trim()
            .slice(0, 100) || undefined,
        groups: String(form.groups ?? '')
          .split(',')
          .map((group) => group.trim().slice(0, 100))
          .filter(Boolean)
          .slice(0, 20),
      });
      await provider.interactionFinished(req, res, { login: { accountId: sub } }, { mergeWithLastSubmission: false });
    } catch (error) {
      next(error);
    }
  });
  router.get(SIGN_OUT_SCRIPT_PATH, (_req: Request, res: Response) => {
    res.type('text/javascript').send(SIGN_OUT_SCRIPT);
  });
  router.use(`${DEV_OIDC_PATH}/interaction`, interactions);
  router.use(DEV_OIDC_PATH, provider.callback());

  return {
    issuer,
    clientId,
    clientSecret,
    authorizationUrl: `${issuer}/auth`,
    tokenUrl: `${issuer}/token`,
    userInfoUrl: `${issuer}/me`,
    endSessionUrl: `${issuer}/session/end`,
    router,
  };
}
