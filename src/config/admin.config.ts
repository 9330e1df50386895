import { registerAs } from '@nestjs/config';
import { readEnvironment } from './environment';

export const adminConfig = registerAs('admin', () => {
  const env = readEnvironment();
  return {
    /** The shared break-glass password. Required in production; entry points generate one for local use when unset. */
    password: env.ADMIN_PASSWORD,
    /** Named staff sign-in through the OpenID provider: members of this group only; off while the group is unset. */
    staffSignIn: {
      groupClaim: env.OIDC_STAFF_GROUP_CLAIM ?? 'groups',
      group: env.OIDC_STAFF_GROUP,
      /** Members of this group are admins; the staff group's other members are support. */
      adminGroup: env.OIDC_ADMIN_GROUP,
    },
  };
});
