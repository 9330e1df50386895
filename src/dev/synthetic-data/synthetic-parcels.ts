/**
 * The life of made-up parcels from month to month, so that consecutive synthetic releases of
 * a county differ as real ones do: a few parcels retired, a few new ones, a few sold,
 * re-mailed, permitted or reassessed, and all the others exactly as they were.
 *
 * Everything is a pure function of (county FIPS, month): any month is computed directly, without
 * the months before it. A county has a fixed number of slots (its size); each slot holds one
 * parcel after another. A parcel lives a random number of months (about 1.2 % of parcels retire
 * each month), its slot may stay empty a month or two (merged lots), then a new parcel with a new
 * number takes it (a split or new construction). While alive, each month may bring one event.
 * Numbers never come back: a parcel's number carries its slot and generation.
 *
 * A few slots come in pairs of neighbouring lots (slots 2k and 2k + 1) that are re-platted
 * together: when the pair's parcels retire, the next generation is either two lots again or one
 * lot over both (a merge: the first slot holds it, the second stays empty), and after a merged
 * generation two lots come back (a split). Either way the parents go and the children get new
 * numbers, as counties do.
 */

// Read once: a global looked up on every call is slow inside a vm context (as Jest runs code).
const { imul, floor, log } = Math;

/** Months are numbered year × 12 + month − 1, so consecutive months differ by one. */
export function monthNumber(month: string): number {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) throw new Error(`${month} is not a month (YYYY-MM)`);
  return Number(match[1]) * 12 + Number(match[2]) - 1;
}

export function monthName(n: number): string {
  return `${floor(n / 12)}-${String((n % 12) + 1).padStart(2, '0')}`;
}

/**
 * The churn model. Events begin at EPOCH: before it every parcel is as it was first made, and
 * from it on a parcel's history is scanned month by month, so EPOCH bounds the work per parcel.
 */
export const CHURN = {
  epoch: monthNumber('2015-01'),
  /** Chance a living parcel is retired in a given month. */
  retiredPerMonth: 0.012,
  /** Chance an emptied slot stays empty one more month (0.5: empty for a month on average). */
  staysEmpty: 0.5,
  /** Chances of one event in a month for a living parcel; at most one of these a month. */
  salePerMonth: 0.006,
  mailChangePerMonth: 0.005,
  permitPerMonth: 0.008,
  /** Every parcel is reassessed every this many months, in a month of its own. */
  reassessmentCycle: 36,
  /** Share of neighbouring lot pairs that are re-platted together (split and merged). */
  replattedPairs: 0.08,
  /** Chance a re-platted pair's next generation is one merged lot rather than two. */
  mergedGeneration: 0.3,
} as const;

/** Event kinds, also used to seed each event's own values. */
export const ParcelEvent = {
  Life: 1,
  Gap: 2,
  Month: 3,
  Sale: 4,
  MailChange: 5,
  Permit: 6,
  Reassessment: 7,
  Base: 8,
  Phase: 9,
  Pair: 10,
  Merge: 11,
  Shape: 12,
  /** Whether a portfolio owner holds a parcel, and which (synthetic-portfolios.ts). */
  Portfolio: 13,
  /** Which portfolio owners hold parcels in a county. */
  PortfolioCounty: 14,
  /** How a county's roll writes a portfolio owner's name and address (synthetic-portfolio-rolls.ts). */
  PortfolioRoll: 15,
} as const;

/** A 32-bit hash of five integers (murmur3 rounds and finaliser): fast, well mixed, the same everywhere. */
export function hash(a: number, b: number, c: number, d: number, e: number): number {
  let h = round(round(round(round(round(0x2545f491, a), b), c), d), e);
  h ^= h >>> 16;
  h = imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function round(h: number, part: number): number {
  let k = imul(part | 0, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  h ^= imul(k, 0x1b873593);
  h = (h << 13) | (h >>> 19);
  return (imul(h, 5) + 0xe6546b64) | 0;
}

/** A uniform number in (0, 1]: never 0, so its logarithm is finite. */
function uniform(a: number, b: number, c: number, d: number, e: number): number {
  return (hash(a, b, c, d, e) + 1) / 4294967296;
}

/** Months until the first success of a monthly chance p (0, 1, 2, …). */
function geometric(u: number, p: number): number {
  return floor(log(u) / log(1 - p));
}

export interface ParcelHistory {
  /** Position in the county (file order) and how many parcels the slot held before this one. */
  slot: number;
  generation: number;
  parcelId: string;
  /** The parcel covers its own lot and its pair's (slot + 1): a merged lot. */
  merged: boolean;
  /** Month the parcel first appears; null for the parcels that were there before EPOCH. */
  born: number | null;
  /** Sale months, oldest first, up to the month asked for. */
  sales: number[];
  mailChanges: number[];
  permits: number[];
  /** The latest reassessment and the one before, or null when none since the parcel began. */
  lastReassessment: number | null;
  previousReassessment: number | null;
}

/** Whether a slot's lot and its neighbour's are re-platted together (both slots answer alike). */
export function inReplattedPair(fips: number, slot: number): boolean {
  return uniform(fips, slot >>> 1, 0, 0, ParcelEvent.Pair) <= CHURN.replattedPairs;
}

/** Whether a re-platted pair's generation is one lot over both; the first generation never is. */
function mergedIn(fips: number, firstSlot: number, generation: number): boolean {
  return generation > 0 && uniform(fips, firstSlot, generation, 0, ParcelEvent.Merge) <= CHURN.mergedGeneration;
}

/** The parcel in a slot in a month, or null while the slot is empty. */
export function parcelAt(fips: number, slot: number, month: number): ParcelHistory | null {
  // A re-platted pair lives by its first slot's clock, so its lots retire and appear together.
  const paired = inReplattedPair(fips, slot);
  const clock = paired ? slot & ~1 : slot;
  let generation = 0;
  let born: number | null = null;
  let retired = CHURN.epoch + geometric(uniform(fips, clock, 0, 0, ParcelEvent.Life), CHURN.retiredPerMonth);
  while (month >= retired) {
    const gap = geometric(uniform(fips, clock, generation, 0, ParcelEvent.Gap), 1 - CHURN.staysEmpty);
    generation += 1;
    born = retired + gap;
    if (month < born) return null;
    retired = born + 1 + geometric(uniform(fips, clock, generation, 0, ParcelEvent.Life), CHURN.retiredPerMonth);
  }
  const merged = paired && mergedIn(fips, clock, generation);
  if (merged && slot !== clock) return null;
  return historyOf(fips, slot, generation, born, month, merged);
}

function historyOf(
  fips: number,
  slot: number,
  generation: number,
  born: number | null,
  month: number,
  merged: boolean,
): ParcelHistory {
  const history: ParcelHistory = {
    slot,
    generation,
    parcelId: parcelIdOf(fips, slot, generation),
    merged,
    born,
    sales: [],
    mailChanges: [],
    permits: [],
    lastReassessment: null,
    previousReassessment: null,
  };
  // The month a parcel appears is its birth, not a change: events start the month after.
  const first = born === null ? CHURN.epoch : born + 1;
  const phase = hash(fips, slot, generation, 0, ParcelEvent.Phase) % CHURN.reassessmentCycle;
  const sale = CHURN.salePerMonth;
  const mail = sale + CHURN.mailChangePerMonth;
  const permit = mail + CHURN.permitPerMonth;
  for (let t = first; t <= month; t++) {
    const u = uniform(fips, slot, generation, t, ParcelEvent.Month);
    if (u <= sale) history.sales.push(t);
    else if (u <= mail) history.mailChanges.push(t);
    else if (u <= permit) history.permits.push(t);
    if (t % CHURN.reassessmentCycle === phase) {
      history.previousReassessment = history.lastReassessment;
      history.lastReassessment = t;
    }
  }
  return history;
}

/** Assessor-style numbers: book (leading zeros kept), slot, generation; unique within a county forever. */
function parcelIdOf(fips: number, slot: number, generation: number): string {
  const book = hash(fips, slot, 0, 0, ParcelEvent.Base) % 1000;
  return `${String(book).padStart(3, '0')}-${String(slot + 1).padStart(6, '0')}-${String(generation).padStart(2, '0')}`;
}

/** The slot and generation a parcel number carries (parcelIdOf), or null for a number not made so. */
export function slotOfParcelId(parcelId: string): { slot: number; generation: number } | null {
  const match = /^\d{3}-(\d{6,})-(\d{2,})$/.exec(parcelId);
  return match ? { slot: Number(match[1]) - 1, generation: Number(match[2]) } : null;
}

/** The parcels of a county with this many slots in a month, in file order, one at a time. */
export function* parcelsOf(fips: string, slots: number, month: string): Generator<ParcelHistory> {
  const county = Number(fips);
  const m = monthNumber(month);
  for (let slot = 0; slot < slots; slot++) {
    const parcel = parcelAt(county, slot, m);
    if (parcel) yield parcel;
  }
}

/** Whether anything happened to a living parcel in a month (the month after it appeared, at the earliest). */
export function changedIn(parcel: ParcelHistory, month: number): boolean {
  return (
    parcel.sales.at(-1) === month ||
    parcel.mailChanges.at(-1) === month ||
    parcel.permits.at(-1) === month ||
    parcel.lastReassessment === month
  );
}
