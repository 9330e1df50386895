import { addIntervals, periodEndAfter } from './billing';

const at = (iso: string) => Date.parse(iso) / 1000;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

describe('billing periods', () => {
  it('moves by whole days, weeks, months and years', () => {
    const start = at('2027-03-10T12:00:00Z');
    expect(iso(addIntervals(start, { interval: 'day', interval_count: 2 }, 1))).toBe('2027-03-12T12:00:00.000Z');
    expect(iso(addIntervals(start, { interval: 'week', interval_count: 1 }, 1))).toBe('2027-03-17T12:00:00.000Z');
    expect(iso(addIntervals(start, { interval: 'month', interval_count: 1 }, 1))).toBe('2027-04-10T12:00:00.000Z');
    expect(iso(addIntervals(start, { interval: 'year', interval_count: 1 }, 1))).toBe('2028-03-10T12:00:00.000Z');
  });

  it('clamps to a short month’s end and returns to the anchor day after it', () => {
    const monthly = { interval: 'month', interval_count: 1 } as const;
    const anchor = at('2027-01-31T00:00:00Z');
    const february = periodEndAfter(anchor, monthly, anchor);
    expect(iso(february)).toBe('2027-02-28T00:00:00.000Z');
    expect(iso(periodEndAfter(anchor, monthly, february))).toBe('2027-03-31T00:00:00.000Z');
  });

  it('renews a 29 February anchor on 28 February in common years', () => {
    const yearly = { interval: 'year', interval_count: 1 } as const;
    const anchor = at('2028-02-29T00:00:00Z');
    expect(iso(periodEndAfter(anchor, yearly, anchor))).toBe('2029-02-28T00:00:00.000Z');
    expect(iso(addIntervals(anchor, yearly, 4))).toBe('2032-02-29T00:00:00.000Z');
  });
});
