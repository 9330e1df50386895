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
