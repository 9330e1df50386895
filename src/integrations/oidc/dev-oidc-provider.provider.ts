import { Provider } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { appConfig, authConfig } from '../../config';
import type { DevProvider } from '../../dev/oidc-provider/dev-oidc-provider';

export const DEV_OIDC_PROVIDER = Symbol('DEV_OIDC_PROVIDER');

/**
 * The development sign-in provider when it stands in for an issuer, else null.
 * Its code is loaded only then, so a production process never loads it.
 */
export function devOidcProvider(callbackPath: string): Provider {
  return {
    provide: DEV_OIDC_PROVIDER,
    inject: [authConfig.KEY, appConfig.KEY],
    useFactory: async (
      auth: ConfigType<typeof authConfig>,
      app: ConfigType<typeof appConfig>,
    ): Promise<DevProvider | null> => {
      if (!auth.useDevProvider) return null;
      const { createDevOidcProvider } = await import('../../dev/oidc-provider/dev-oidc-provider');
      return createDevOidcProvider({
        publicUrl: app.publicUrl,
        callbackUrl: `${app.publicUrl}${callbackPath}`,
        postLogoutRedirectUrl: `${app.publicUrl}/`,
      });
    },
  };
}
