/** The journey events of docs/store-spec.md §7, in funnel order. */
export const JOURNEY_EVENTS = [
  'landing_view',
  'counties_view',
  'cart_add',
  'checkout_view',
  'email_entered',
  'payment_success',
] as const;
export type JourneyEventName = (typeof JOURNEY_EVENTS)[number];

/** The conversion funnel's steps, in order (docs/architecture.md: every journey event). */
export const FUNNEL_STEPS: readonly JourneyEventName[] = JOURNEY_EVENTS;
