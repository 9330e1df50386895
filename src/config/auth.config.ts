import { registerAs } from '@nestjs/config';
import { localSecret } from '../common/local-secret';
import { isProduction, readEnvironment } from './environment';

export const authConfig = registerAs('auth', () => {
  const env = readEnvironment();
  const production = isProduction(env);
  return {
    sessionSecret: env.SESSION_SECRET ?? localSecret('session-secret').value,
    oidc: {
      issuerUrl: env.OIDC_ISSUER_URL?.replace(/\/$/, ''),
      clientId: env.OIDC_CLIENT_ID,
      clientSecret: env.OIDC_CLIENT_SECRET,
    },
    /** Locally, with no issuer set, the built-in development provider stands in. Never in production. */
    useDevProvider: !production && !env.OIDC_ISSUER_URL,
  };
});
