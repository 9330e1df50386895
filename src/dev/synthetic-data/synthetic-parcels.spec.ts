import { CHURN, changedIn, monthName, monthNumber, parcelAt, parcelsOf } from './synthetic-parcels';

const FIPS = 24510;
const SLOTS = 4000;

describe('synthetic parcels from month to month', () => {
  it('numbers months so that consecutive months differ by one, across a year end', () => {
    expect(monthNumber('2027-01') - monthNumber('2026-12')).toBe(1);
    expect(monthName(monthNumber('2026-12'))).toBe('2026-12');
  });

  it('never brings a retired parcel number back, in its slot or any other', () => {
    const seen = new Map<string, number>(); // parcel number → last month it was present
    const returned: string[] = [];
    const start = monthNumber('2024-01');
    for (let month = start; month < start + 48; month++) {
      for (let slot = 0; slot < 500; slot++) {
        const parcel = parcelAt(FIPS, slot, month);
        if (!parcel) continue;
        const last = seen.get(parcel.parcelId);
        if (last !== undefined && last !== month - 1) returned.push(`${parcel.parcelId} in ${monthName(month)}`);
        seen.set(parcel.parcelId, month);
      }
    }
    expect(returned).toEqual([]);
    // Over four years a good share of the slots changed hands.
    expect(seen.size).toBeGreaterThan(500 * 1.25);
  });

  it('keeps a county at 97 to 100 % of its slots in every month, before and long after the events begin', () => {
    for (const month of ['1999-01', '2015-01', '2020-06', '2026-11', '2035-03']) {
      const count = [...parcelsOf('24510', SLOTS, month)].length;
      expect(count).toBeGreaterThanOrEqual(SLOTS * 0.97);
      expect(count).toBeLessThanOrEqual(SLOTS);
    }
  });

  it('extends a living parcel history month by month: what happened stays, and only this month adds', () => {
    const month = monthNumber('2026-11');
    const wrong: string[] = [];
    let unchanged = 0;
    const prefix = (longer: number[], shorter: number[]) => longer.slice(0, shorter.length).join() === shorter.join();
    for (let slot = 0; slot < SLOTS; slot++) {
      const before = parcelAt(FIPS, slot, month);
      const after = parcelAt(FIPS, slot, month + 1);
      if (!before || !after || before.parcelId !== after.parcelId) continue;
      const kept =
        prefix(after.sales, before.sales) &&
        prefix(after.permits, before.permits) &&
        prefix(after.mailChanges, before.mailChanges);
      if (!kept) wrong.push(before.parcelId);
      if (!changedIn(after, month + 1)) {
        unchanged += 1;
        if (JSON.stringify(after) !== JSON.stringify(before)) wrong.push(before.parcelId);
      }
    }
    expect(wrong).toEqual([]);
    expect(unchanged).toBeGreaterThan(SLOTS * 0.9);
  });

  it('adds, retires and changes a few percent of parcels each month (1 to 2.5 % added and retired, 3 to 7 % changed)', () => {
    for (const [from, to] of [
      ['2015-01', '2015-02'],
      ['2026-11', '2026-12'],
      ['2026-12', '2027-01'],
      ['2031-06', '2031-07'],
    ]) {
      const before = new Map([...parcelsOf('24510', SLOTS, from)].map((p) => [p.parcelId, p]));
      const after = [...parcelsOf('24510', SLOTS, to)];
      const added = after.filter((p) => !before.has(p.parcelId)).length;
      const kept = new Set(after.map((p) => p.parcelId));
      const removed = [...before.keys()].filter((id) => !kept.has(id)).length;
      const changed = after.filter((p) => before.has(p.parcelId) && changedIn(p, monthNumber(to))).length;
      expect({ from, added: added / SLOTS > 0.005 && added / SLOTS < 0.025 }).toEqual({ from, added: true });
      expect({ from, removed: removed / SLOTS > 0.005 && removed / SLOTS < 0.025 }).toEqual({ from, removed: true });
      expect({ from, changed: changed / SLOTS > 0.03 && changed / SLOTS < 0.07 }).toEqual({ from, changed: true });
    }
  });

  it('starts events at the epoch: before it, no month differs from the next', () => {
    const month = CHURN.epoch - 5;
    const slots = Array.from({ length: 200 }, (_, slot) => slot);
    expect(slots.map((slot) => parcelAt(FIPS, slot, month + 1))).toEqual(
      slots.map((slot) => parcelAt(FIPS, slot, month)),
    );
  });
});
