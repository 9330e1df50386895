import type { SignInStateStore } from './signed-state-store';

/** Where the store's OpenID Connect client talks to its provider, and who it is there. */
export interface IssuerEndpoints {
  issuer: string;
  authorizationUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
  endSessionUrl?: string;
  clientId: string;
  clientSecret: string;
}

/** The endpoints a real issuer publishes in its discovery document, for this client. */
export async function discoverIssuer(
  issuerUrl: string,
  client: { clientId: string; clientSecret: string },
): Promise<IssuerEndpoints> {
  const res = await fetch(`${issuerUrl}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(5000) });
  if (!res.ok) throw new Error(`OpenID discovery at ${issuerUrl} answered ${res.status}`);
  const discovery = (await res.json()) as Record<string, string>;
  return {
    issuer: discovery.issuer,
    authorizationUrl: discovery.authorization_endpoint,
    tokenUrl: discovery.token_endpoint,
    userInfoUrl: discovery.userinfo_endpoint,
    endSessionUrl: discovery.end_session_endpoint,
    ...client,
  };
}

/**
 * What the store's passport-openidconnect strategies share: the issuer's endpoints, the code flow
 * with a nonce, email and profile from userinfo (the strategy adds openid itself), and the state
 * kept by `store`.
 */
export function strategyOptions(endpoints: IssuerEndpoints, callbackURL: string, store: SignInStateStore) {
  return {
    issuer: endpoints.issuer,
    authorizationURL: endpoints.authorizationUrl,
    tokenURL: endpoints.tokenUrl,
    userInfoURL: endpoints.userInfoUrl,
    clientID: endpoints.clientId,
    clientSecret: endpoints.clientSecret,
    callbackURL,
    scope: ['email', 'profile'],
    // Without the profile, there is no email or name (userinfo carries them).
    skipUserProfile: false,
    nonce: 'true',
    store,
  };
}
