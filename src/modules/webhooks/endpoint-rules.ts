import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { appConfig, authConfig } from '../../config';
import { checkEndpointUrl, EndpointPolicy, resolveEndpoint } from './endpoint-address';
import { EndpointSecrets } from './webhook-secrets';

/** Where an endpoint points, checked: its URL and the addresses its host resolved to (a delivery connects to one of these). */
export interface PlacedEndpoint {
  url: URL;
  addresses: { address: string; family: number }[];
}

/**
 * What every use of an endpoint shares, set by the environment: where it may point (public HTTPS
 * in production; anywhere else, so a receiver on this machine works) and how its secrets are sealed
 * at rest. Registration and every delivery place the endpoint alike, so a name that resolves
 * elsewhere later (DNS rebinding) is refused at the delivery.
 */
@Injectable()
export class EndpointRules {
  readonly secrets: EndpointSecrets;
  private readonly policy: EndpointPolicy;

  constructor(
    @Inject(authConfig.KEY) auth: ConfigType<typeof authConfig>,
    @Inject(appConfig.KEY) app: ConfigType<typeof appConfig>,
  ) {
    this.secrets = new EndpointSecrets(auth.sessionSecrets);
    this.policy = app.production ? 'public-https' : 'any';
  }

  /** The endpoint's URL checked and its host resolved; or why not, and whether the URL itself is the reason. */
  async place(url: string): Promise<PlacedEndpoint | { refused: string; unresolved: boolean }> {
    const checked = checkEndpointUrl(url, this.policy);
    if ('refused' in checked) return { refused: checked.refused, unresolved: false };
    const resolved = await resolveEndpoint(checked.url.hostname, this.policy);
    if ('refused' in resolved) return { refused: resolved.refused, unresolved: true };
    return { url: checked.url, addresses: resolved.addresses };
  }
}
