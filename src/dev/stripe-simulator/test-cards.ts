/** What a card does when charged, following Stripe's documented test cards. */
export type CardOutcome =
  | { result: 'succeeds' }
  | { result: 'declines'; code: string; declineCode: string; message: string }
  | { result: 'requires_authentication' };

export interface TestCard {
  number: string;
  brand: string;
  outcome: CardOutcome;
}

const declined = (declineCode: string, message: string): CardOutcome => ({
  result: 'declines',
  code: 'card_declined',
  declineCode,
  message,
});

export const TEST_CARDS: TestCard[] = [
  { number: '4242424242424242', brand: 'visa', outcome: { result: 'succeeds' } },
  { number: '5555555555554444', brand: 'mastercard', outcome: { result: 'succeeds' } },
  { number: '4000000000000002', brand: 'visa', outcome: declined('generic_decline', 'Your card was declined.') },
  {
    number: '4000000000009995',
    brand: 'visa',
    outcome: declined('insufficient_funds', 'Your card has insufficient funds.'),
  },
  { number: '4000002760003184', brand: 'visa', outcome: { result: 'requires_authentication' } },
];

/** Stripe's ready-made test PaymentMethods, usable server-side without card numbers. */
export const TEST_PAYMENT_METHODS: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_mastercard: '5555555555554444',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_visa_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_authenticationRequired: '4000002760003184',
};

export function luhnValid(number: string): boolean {
  let sum = 0;
  [...number].reverse().forEach((digit, i) => {
    let d = Number(digit);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  });
  return /^\d{12,19}$/.test(number) && sum % 10 === 0;
}

export function testCard(number: string): TestCard | undefined {
  return TEST_CARDS.find((card) => card.number === number);
}
