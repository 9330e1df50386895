import type { components } from '@web-shared/api-types';

/** A subscription as the API shows it to its owner (GET /api/subscriptions, an order page); dollars, ISO dates. */
export type Subscription = components['schemas']['CustomerSubscriptionDto'];

/** A signed, short-lived link to a county file. */
export type DownloadLink = components['schemas']['DownloadLinkDto'];

/** A release a County Tracker subscription may download, with whether it has a change file. */
export type DownloadableRelease = components['schemas']['DownloadableReleaseDto'];

/** Which file a download link is for (the body of the download-link calls); none: the current full file. */
export type DownloadChoice = components['schemas']['DownloadChoiceDto'];
