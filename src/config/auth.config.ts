import { registerAs } from '@nestjs/config';
import { localSecret } from '../common/local-secret';
import { isProduction, readEnvironment } from './environment';

export const authConfig = registerAs('auth', () => {
  const env = readEnvironment();
  const production = isProduction(env);
  const current = env.SESSION_SECRET ?? localSecret('session-secret').value;
  return {
    sessionSecret: current,
    /** Signing uses the first; values signed with any still verify, so a rotation logs no one out. */
    sessionSecrets: env.SESSION_SECRET_PREVIOUS ? [current, env.SESSION_SECRET_PREVIOUS] : [current],
    oidc: {
      issuerUrl: env.OIDC_ISSUER_URL?.replace(/\/$/, ''),
      clientId: env.OIDC_CLIENT_ID,
      clientSecret: env.OIDC_CLIENT_SECRET,
    },
    /** Locally, with no issuer set, the built-in development provider stands in. Never in production. */
    useDevProvider: !production && !env.OIDC_ISSUER_URL,
  };
});
