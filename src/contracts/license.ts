import { PLANS } from './plans';

/**
 * The data license a buyer accepts before paying, shown by the checkout and recorded with the
 * order by version. Change the wording only together with a new version, so every order keeps
 * naming the text its buyer saw.
 */
export const LICENSE_VERSION = '2026-11-24';

export const LICENSE_TERMS: readonly string[] = [
  'The data is licensed for the internal business use of the buyer and its employees.',
  'It may not be resold, sublicensed, published or redistributed, in whole or in part, including as part of another data product.',
  `${PLANS.oneTime.name} data may be kept and used for as long as you need it.`,
  `${PLANS.annual.name} data may be used while the plan is active; after it ends you may keep using the files you received, but no new releases are sent.`,
];

/** The renewal terms a buyer of any County Tracker sees beside the license. */
export function autoRenewalTerms(trackerCount: number): string[] {
  const plan = PLANS.annual;
  const each = trackerCount === 1 ? '' : ' each';
  return [
    `${plan.name} renews automatically every year at $${plan.price.toLocaleString('en-US')}${each}, charged to the card you pay with today.`,
    'We email you a reminder 30 days before each renewal.',
    'You can turn auto-renewal off at any time on your dashboard; the plan then ends at its expiration date.',
  ];
}
