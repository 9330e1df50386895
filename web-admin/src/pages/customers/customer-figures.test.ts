import { customerLabel, emailKindLabel, extendedEnd, refundCents } from './customer-figures';

describe('customer figures', () => {
  it('reads a partial refund in dollars as cents, within what is refundable', () => {
    expect(refundCents(200, 170_000)).toBe(20_000);
    expect(refundCents(0.1 + 0.2, 170_000)).toBe(30);
    expect(refundCents(1700, 170_000)).toBe(170_000);
    expect(refundCents(1700.01, 170_000)).toBe('At most $1,700 of this order is refundable');
    expect(refundCents(0, 170_000)).toBe('Refund at least $0.01');
    expect(refundCents(1.005, 170_000)).toBe('Use at most two decimals (cents)');
    expect(refundCents(null, 170_000)).toBe('Enter an amount in dollars');
  });

  it('moves an end by days or by months, clamping to the month’s last day', () => {
    expect(extendedEnd(new Date('2027-01-31T10:00:00Z'), 'months', 1).toISOString()).toBe('2027-02-28T10:00:00.000Z');
    expect(extendedEnd(new Date('2027-11-27T10:00:00Z'), 'months', 2).toISOString()).toBe('2028-01-27T10:00:00.000Z');
    expect(extendedEnd(new Date('2027-11-27T10:00:00Z'), 'days', 10).toISOString()).toBe('2027-12-07T10:00:00.000Z');
  });

  it('names customers and email kinds as staff read them', () => {
    expect(customerLabel({ firstName: 'Dana', lastName: 'Reyes', email: 'd@example.com' })).toBe('Dana Reyes');
    expect(customerLabel({ firstName: null, lastName: null, email: 'd@example.com' })).toBe('d@example.com');
    expect(emailKindLabel('tracker-delivery')).toBe('Tracker delivery');
  });
});
