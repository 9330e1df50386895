import { InjectQueue } from '@nestjs/bullmq';
import type { BulkJobOptions, Job, JobSchedulerTemplateOptions, JobsOptions, Queue, RepeatOptions } from 'bullmq';
import type { EventListenerJobs, EVENTS_QUEUE, EVENTS_RELAY_SWEEP_JOB } from '../events/events';
// Types only: each module owns its payload types, and this map imports no module's code (no cycles).
import type { EnrollOrderJobData } from '../../modules/billing/billing.constants';
import type { CountKeyFieldsJobData } from '../../modules/releases/files/datasets.constants';
import type { ConvertJobData } from '../../modules/formats/formats.constants';
import type { CompareJobData, IngestJobData } from '../../modules/releases/releases.constants';
import type {
  DisputeNoticeJobData,
  OrderLinkJobData,
  ReceiptJobData,
  RenewalFailedJobData,
  RenewalReceiptJobData,
  RenewalReminderJobData,
  SubscriptionExpiredJobData,
  TrackerDeliveryJobData,
  TrackerReleaseJobData,
  WebhookDisabledJobData,
} from '../../modules/mail/mail.constants';
import type { DeliverWebhookJobData } from '../../modules/webhooks/webhooks.constants';
import type { ReleaseDeliveriesJobData } from '../../modules/subscriptions/subscription-jobs.constants';
import type { LoadCountyJobData } from '../../modules/parcels/parcels.constants';
import type { BatchAppendJobData } from '../../modules/parcels/batches/parcel-batches.constants';

/** The data of a job a scheduler adds: BullMQ gives it an empty object. */
export type NoPayload = Record<string, never>;

/**
 * Every background job the store runs: queue → job name → its payload. Queueing a job and handling
 * it are both checked against this map; a job added here must be given one handler (`@JobHandler`),
 * or the worker refuses to start. Names are those in Redis: never rename one a running store holds.
 */
export interface JobPayloads {
  mail: {
    receipt: ReceiptJobData;
    /** No longer scheduled (receipts follow order.paid); run once more by each worker's start. */
    'receipt-sweep': NoPayload;
    'tracker-delivery': TrackerDeliveryJobData;
    'tracker-release': TrackerReleaseJobData;
    'renewal-reminder': RenewalReminderJobData;
    'subscription-expired': SubscriptionExpiredJobData;
    'renewal-receipt': RenewalReceiptJobData;
    'renewal-failed': RenewalFailedJobData;
    'order-link': OrderLinkJobData;
    'dispute-notice': DisputeNoticeJobData;
    'webhook-disabled': WebhookDisabledJobData;
  };
  billing: {
    /** Queued by older APIs only (enrollment follows order.paid now); handled as before. */
    'enroll-order': EnrollOrderJobData;
    'enrollment-sweep': NoPayload;
    /** Queued by older workers only (reconciliation moved to stripe-events); let go when found. */
    'stripe-reconciliation': NoPayload;
    'invoice-sweep': NoPayload;
  };
  datasets: {
    'count-key-fields': CountKeyFieldsJobData;
    'key-field-counts-sweep': NoPayload;
  };
  releases: {
    ingest: IngestJobData;
    compare: CompareJobData;
    'ingest-sweep': NoPayload;
  };
  'dataset-formats': {
    convert: ConvertJobData;
    'formats-sweep': NoPayload;
  };
  journey: {
    'journey-rollup': NoPayload;
  };
  'subscription-jobs': {
    'tracker-deliveries': NoPayload;
    'renewal-reminders': NoPayload;
    expiry: NoPayload;
    'release-deliveries': ReleaseDeliveriesJobData;
  };
  'stripe-events': {
    'stripe-reconciliation': NoPayload;
  };
  'parcel-store': {
    'load-county': LoadCountyJobData;
    'parcel-store-sweep': NoPayload;
    'group-owners': NoPayload;
  };
  'parcel-batches': {
    'batch-append': BatchAppendJobData;
    'parcel-batches-sweep': NoPayload;
  };
  webhooks: {
    deliver: DeliverWebhookJobData;
    'webhooks-sweep': NoPayload;
  };
  /** Each event's listeners (src/integrations/events/events.ts), and the relay's sweep. */
  [EVENTS_QUEUE]: EventListenerJobs & { [EVENTS_RELAY_SWEEP_JOB]: NoPayload };
}

export type QueueName = keyof JobPayloads;
export type JobName<Q extends QueueName> = keyof JobPayloads[Q] & string;
export type JobPayload<Q extends QueueName, N extends JobName<Q>> = JobPayloads[Q][N];

/**
 * The map's names at run time, for the worker's start-up check. Typed from the map, so a name
 * missing here or not in the map does not compile.
 */
export const JOB_NAMES: { readonly [Q in QueueName]: Readonly<Record<JobName<Q>, true>> } = {
  mail: {
    receipt: true,
    'receipt-sweep': true,
    'tracker-delivery': true,
    'tracker-release': true,
    'renewal-reminder': true,
    'subscription-expired': true,
    'renewal-receipt': true,
    'renewal-failed': true,
    'order-link': true,
    'dispute-notice': true,
    'webhook-disabled': true,
  },
  billing: { 'enroll-order': true, 'enrollment-sweep': true, 'stripe-reconciliation': true, 'invoice-sweep': true },
  datasets: { 'count-key-fields': true, 'key-field-counts-sweep': true },
  releases: { ingest: true, compare: true, 'ingest-sweep': true },
  'dataset-formats': { convert: true, 'formats-sweep': true },
  journey: { 'journey-rollup': true },
  'subscription-jobs': {
    'tracker-deliveries': true,
    'renewal-reminders': true,
    expiry: true,
    'release-deliveries': true,
  },
  'stripe-events': { 'stripe-reconciliation': true },
  'parcel-store': { 'load-county': true, 'parcel-store-sweep': true, 'group-owners': true },
  'parcel-batches': { 'batch-append': true, 'parcel-batches-sweep': true },
  webhooks: { deliver: true, 'webhooks-sweep': true },
  events: {
    'events-relay-sweep': true,
    'release.published:conversions': true,
    'release.published:tracker-emails': true,
    'release.published:parcel-store': true,
    'release.published:webhooks': true,
    'order.paid:receipt': true,
    'order.paid:renewal-enrollment': true,
    'subscription.renewing:webhooks': true,
    'subscription.expired:webhooks': true,
  },
};

/** One job as addBulk takes it, its data checked against its name. */
export type JobRequest<Q extends QueueName> = {
  [N in JobName<Q>]: { name: N; data: JobPayload<Q, N>; opts?: BulkJobOptions };
}[JobName<Q>];

/**
 * A BullMQ queue whose adding is checked against the map: `add(name, payload)` takes only the
 * queue's job names, each with its own payload type.
 */
export interface JobQueue<Q extends QueueName> extends Omit<Queue, 'add' | 'addBulk' | 'upsertJobScheduler'> {
  add<N extends JobName<Q>>(name: N, data: JobPayload<Q, N>, opts?: JobsOptions): Promise<Job>;
  addBulk(jobs: JobRequest<Q>[]): Promise<Job[]>;
  upsertJobScheduler<N extends JobName<Q>>(
    schedulerId: string,
    repeat: Omit<RepeatOptions, 'key'>,
    template: { name: N; data?: JobPayload<Q, N>; opts?: JobSchedulerTemplateOptions },
  ): Promise<Job>;
}

/** Injects a queue of the map as a JobQueue (BullMQ's own queue, typed by the map). */
export const InjectJobQueue = (queue: QueueName) => InjectQueue(queue);

/** Narrows a job of a queue to one of its names, and so its data to that job's payload (for worker events). */
export function isJob<Q extends QueueName, N extends JobName<Q>>(
  _queue: Q,
  name: N,
  job: Job | undefined,
): job is Job<JobPayload<Q, N>> {
  return job?.name === name;
}
