export const JOURNEY_QUEUE = 'journey';
export const JOURNEY_ROLLUP_JOB = 'journey-rollup';
/** How often the worker folds new events into the totals: analytics lag at most this plus the settle time. */
export const JOURNEY_ROLLUP_EVERY_MS = 15_000;
