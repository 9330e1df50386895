import type { components } from '@web-shared/api-types';

/** A subscription as the API shows it to its owner (GET /api/subscriptions, an order page); dollars, ISO dates. */
export type Subscription = components['schemas']['CustomerSubscriptionDto'];

/** A signed, short-lived link to a county file. */
export type DownloadLink = components['schemas']['DownloadLinkDto'];
