export const SUBSCRIPTION_JOBS_QUEUE = 'subscription-jobs';

/**
 * The daily runs that keep subscriptions moving. Each is idempotent and
 * catches up on whatever is due, so a missed day (workers down) is made good
 * by the next run, and a run repeated does nothing twice.
 */
export const SubscriptionJob = {
  /** County Tracker's monthly email: the first run of each month delivers it. */
  trackerDeliveries: 'tracker-deliveries',
  renewalReminders: 'renewal-reminders',
  expiry: 'expiry',
} as const;

/**
 * Not scheduled: queued when a release is published, to tell its counties' County Trackers at
 * once. Its job id names the release, so publishing queues it once.
 */
export const RELEASE_DELIVERIES_JOB = 'release-deliveries';

export interface ReleaseDeliveriesJobData {
  releaseId: string;
}

/**
 * How far back the daily run looks for releases whose subscribers were not told (Redis was away
 * when they were published): a release's news is still news within its month and the next.
 */
export const RELEASE_DELIVERIES_CATCH_UP_DAYS = 35;

/** Cron patterns, in UTC. */
export const SUBSCRIPTION_JOB_SCHEDULES: Record<(typeof SubscriptionJob)[keyof typeof SubscriptionJob], string> = {
  [SubscriptionJob.expiry]: '0 6 * * *',
  [SubscriptionJob.renewalReminders]: '0 14 * * *',
  [SubscriptionJob.trackerDeliveries]: '0 15 * * *',
};

/** How long before expiration a renewing County Tracker's customer is reminded. */
export const RENEWAL_REMINDER_DAYS = 30;
/** How far ahead a renewal is announced to the customer's systems (subscription.renewing). */
export const RENEWAL_NOTICE_DAYS = 7;
