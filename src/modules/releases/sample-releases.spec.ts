import { monthBefore } from './sample-releases.service';

describe('the sample releases’ months', () => {
  it('takes the month before, across a year’s end', () => {
    expect(monthBefore('2026-11')).toBe('2026-10');
    expect(monthBefore('2027-01')).toBe('2026-12');
  });
});
