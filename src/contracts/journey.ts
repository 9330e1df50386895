/** The journey events of the spec, in funnel order. */
export const JOURNEY_EVENTS = [
  'landing_view',
  'counties_view',
  'cart_add',
  'checkout_view',
  'email_entered',
  'payment_success',
] as const;
export type JourneyEventName = (typeof JOURNEY_EVENTS)[number];

/** The conversion funnel's steps, in order (ARCHITECTURE.md: every journey event). */
export const FUNNEL_STEPS: readonly JourneyEventName[] = JOURNEY_EVENTS;
