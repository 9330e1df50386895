import type { PurchaseType } from '@contracts/plans';

/** A subscription as the API shows it to its owner (GET /api/subscriptions, an order page); dollars, ISO dates. */
export interface Subscription {
  id: string;
  purchaseType: PurchaseType;
  status: string;
  autoRenew: boolean;
  amount: number;
  startDate: string;
  expirationDate: string | null;
  county: { name: string; state: string };
  /** The release ("2026-11") a download link gives now, or null when the subscription includes no file. */
  downloadableRelease: string | null;
}

/** A signed, short-lived link to a county file. */
export interface DownloadLink {
  url: string;
  release: string;
  records: number;
  bytes: number;
  expiresAt: string;
}
