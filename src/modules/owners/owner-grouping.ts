import { normalizeAddress } from '../../common/search-text';
import { ownerNameOf } from './owner-names';

/** One owner named on one parcel: owner_name (slot 1) or owner2_name (slot 2), with the parcel's mailing address. */
export interface OwnerMention {
  parcelKey: string;
  slot: 1 | 2;
  name: string;
  mail: { address: string; city: string; state: string; zip: string };
}

/** Owners found: the mentions of each (by the order they were added), and why they are one. */
export interface OwnerGroup {
  mentions: number[];
  /** Each rule that joined two of its mentions, and how many joins it made. */
  evidence: Partial<Record<GroupingRule, number>>;
}

/** Why two mentions are one owner, in the words staff read in the console. */
export const GROUPING_RULES = {
  sameNameSameMail: 'same name, same mailing address',
  initialSameMail: 'same person with and without a middle initial, same mailing address',
  spellingSameMail: 'two spellings of one company name at one mailing address',
  sameNameSameStreet: 'same name, same street address in one city or state, the rest of the address left out',
  entitySameStreet: 'same company or trust name, same street address, the rest of the address left out',
  entitySameState: 'same company name, mailing addresses in one state',
  entitySameZip: 'same company or trust name, mailing addresses in one ZIP code',
  personSameZip: 'same person’s name, mailing addresses in one ZIP code',
  initialSameZip: 'a person without a middle initial, and the one person of that name with one, in one ZIP code',
  unaddressedSameName:
    'written without a street address, and the one owner of that name with one in its ZIP code, city or state',
} as const;
export type GroupingRule = keyof typeof GROUPING_RULES;

/**
 * Raised whenever the rules or the reading of names change what grouping finds: a grouping's
 * fingerprint includes it, so the store is grouped again by the new rules, not left as the old found it.
 */
export const GROUPING_VERSION = 10;

/**
 * A mailing address shared by more owners than this is a registered agent's, a management
 * company's or a post office's: it says nothing of who the owners are, so spellings there are
 * never joined by it (the same name still is).
 */
export const SHARED_ADDRESS_OWNERS = 25;
/** Share of their words two spellings at one mailing address must have in common. */
const SPELLING_OVERLAP = 0.6;
/** What grouping found: each mention's group (-1 for a name of no words), and each group's joins. */
export interface OwnerAssignment {
  /** By mention: its group, numbered from 0 in the order of each group's first mention. */
  groupOf: Int32Array;
  groups: number;
  /** By group: its first mention. */
  firstOf: Int32Array;
  /** By group and rule (group × RULES.length + the rule's place in GROUPING_RULES): the joins it made there. */
  joins: Int32Array;
}

/** The rules in GROUPING_RULES' order: how OwnerAssignment.joins numbers them. */
export const RULES = Object.keys(GROUPING_RULES) as GroupingRule[];
/** What a name is, in the per-mention column: a person, a trust, or a company (or public body). */
const [COMPANY, PERSON, TRUST] = [0, 1, 2];
/** No state, ZIP code or city in the per-mention columns. */
const NONE = -1;
/** A state, ZIP code or city as runsOf takes it: NaN for none, which leaves the mention out. */
const known = (value: number) => (value === NONE ? NaN : value);

/**
 * A text as a number of 53 bits (two 32-bit FNV-1a hashes of different seeds): names and addresses
 * are compared as these, so that a million of them take 8 bytes each, not a string and a map entry.
 * Two texts of a million share one with odds of about 1 in 20,000, and even then are joined only where
 * the rest of a rule agrees as well.
 */
export function textHash(text: string): number {
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  return (a >>> 0) * 0x200000 + ((b >>> 0) >>> 11);
}

/** A name and mailing address as grouping compares them (lastKeys), as the numbers it keeps of them. */
export function keyNumbers(nameKey: string, mailKey: string): { key: number; mail: number } {
  const at = mailKey.lastIndexOf('|');
  if (at < 0) return { key: textHash(nameKey), mail: NaN };
  const place = mailKey.slice(at + 1);
  const [zip, city] = /^\d{5}$/.test(place) ? [Number(place), NONE] : [NONE, cityNumber(place)];
  return { key: textHash(nameKey), mail: mailNumber(textHash(mailKey.slice(0, at)), zip, city) };
}

/** A city as the per-mention column keeps it: a hash of 31 bits. */
const cityNumber = (city: string) => textHash(city) >>> 1;

/**
 * A mailing address as one number: its street line with its ZIP code, else with its city (NaN
 * without either); what lastKeys' mailKey says, made of the columns rather than kept in one more.
 */
function mailNumber(street: number, zip: number, city: number): number {
  if (Number.isNaN(street) || (zip === NONE && city === NONE)) return NaN;
  // Cities above every ZIP code, so that no city is taken for one.
  return pairKey(street, zip !== NONE ? zip : 2 ** 31 + city);
}

/** Entries in one chunk of a Column (2^16). */
const CHUNK_BITS = 16;
const CHUNK = 1 << CHUNK_BITS;

type Chunk = Float64Array<ArrayBuffer> | Int32Array<ArrayBuffer> | Int16Array<ArrayBuffer> | Uint8Array<ArrayBuffer>;

/**
 * A typed array that grows as values are pushed, in chunks: it is never copied to grow, so a
 * million entries take their own bytes and no more (a doubling array's copies, freed, stay in the
 * process's memory).
 */
class Column {
  private readonly chunks: Chunk[] = [];

  constructor(private readonly make: (length: number) => Chunk) {}

  push(value: number, at: number): void {
    if (at >>> CHUNK_BITS === this.chunks.length) this.chunks.push(this.make(CHUNK));
    this.chunks[at >>> CHUNK_BITS][at & (CHUNK - 1)] = value;
  }

  at(i: number): number {
    return this.chunks[i >>> CHUNK_BITS][i & (CHUNK - 1)];
  }

  /** Gives its memory back now (see OwnerGrouper.free). */
  free(): void {
    for (const chunk of this.chunks) chunk.buffer.transfer(0);
    this.chunks.length = 0;
  }
}

/** Two numbers (whole, below 2^53) as one of `bits` bits (at most 32): where runsOf sorts them. */
export function pairHash(p: number, q: number, bits: number, seed = 0x9e3779b9): number {
  let h = seed;
  for (const part of [p >>> 0, Math.floor(p / 0x100000000), q >>> 0, Math.floor(q / 0x100000000)]) {
    h = Math.imul(h ^ part, 0x85ebca6b);
    h ^= h >>> 13;
  }
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> (32 - bits);
}

/** Two numbers (whole, below 2^53) as one of 53 bits, as textHash makes one of a text: a key of both. */
function pairKey(p: number, q: number): number {
  return pairHash(p, q, 32) * 0x200000 + pairHash(p, q, 21, 0x7f4a7c15);
}

/**
 * Hands on the runs of mentions that agree on two keys (each run in the order added; a NaN key
 * leaves a mention out). Each mention is sorted as one number, the hash of its keys above its own
 * number, in `sorted` (one entry a mention, the grouping's sort space) sorted in place: no copy, no
 * comparisons called. Mentions whose keys only share a hash are told apart within their run.
 */
export function runsOf(
  sorted: Float64Array,
  first: (i: number) => number,
  second: (i: number) => number,
  each: (run: Int32Array) => void,
): void {
  const count = sorted.length;
  const numberBits = Math.max(1, Math.ceil(Math.log2(count + 1)));
  const hashBits = Math.min(32, 53 - numberBits);
  const scale = 2 ** numberBits;
  let eligible = 0;
  for (let i = 0; i < count; i++) {
    const [p, q] = [first(i), second(i)];
    if (!Number.isNaN(p) && !Number.isNaN(q)) sorted[eligible++] = pairHash(p, q, hashBits) * scale + i;
  }
  sorted.subarray(0, eligible).sort();
  let run = new Int32Array(64);
  for (let start = 0; start < eligible;) {
    const hash = Math.floor(sorted[start] / scale);
    let end = start + 1;
    while (end < eligible && Math.floor(sorted[end] / scale) === hash) end++;
    if (end - start > 1) {
      if (run.length < end - start) run = new Int32Array(2 * (end - start));
      for (let j = start; j < end; j++) run[j - start] = sorted[j] % scale;
      runsOfEqualKeys(run.subarray(0, end - start), first, second, each);
    }
    start = end;
  }
}

/** The runs of mentions of one hash (runsOf) whose keys are equal: all of them, but where two keys share a hash. */
function runsOfEqualKeys(
  mentions: Int32Array,
  first: (i: number) => number,
  second: (i: number) => number,
  each: (run: Int32Array) => void,
): void {
  const same = (a: number, b: number) => first(a) === first(b) && second(a) === second(b);
  if (mentions.every((i) => same(i, mentions[0]))) {
    each(mentions);
    return;
  }
  const ordered = Int32Array.from(mentions).sort((a, b) => first(a) - first(b) || second(a) - second(b) || a - b);
  for (let start = 0; start < ordered.length;) {
    let end = start + 1;
    while (end < ordered.length && same(ordered[start], ordered[end])) end++;
    if (end - start > 1) each(ordered.subarray(start, end));
    start = end;
  }
}

/**
 * Groups owner mentions into owners, weighing the name and the mailing address. First each address:
 * the same name there is one owner, so are a person with and without a middle initial, and two
 * spellings of a company; where a roll left parts of the address out, the same name at one street
 * line in one city or state (a company's, at one street line). Then the owners so found, by the
 * name each is mostly written under: a company's in one state (or one ZIP code, where the state is
 * left out) is one company, a trust's and a person's in one ZIP code one trust or person (a family
 * trust's name is many families'), and a person written without a middle initial is the one person
 * of that name with one in the ZIP code. Last, a name written without a street line joins the one
 * owner of that name with one around it. The same name with mailing addresses in two states (a
 * company) or two ZIP codes (a person) stays two owners unless something else joins them. Mentions
 * with no name are left out. Each join is counted under its rule.
 *
 * Mentions are added one at a time and kept as numbers only (names and addresses as textHash, some
 * 45 bytes a mention), so a store's million parcels group in a worker's memory.
 */
export class OwnerGrouper {
  private count = 0;
  /** Every column below, for free(). */
  private readonly columns: Column[] = [];
  private readonly key = this.column((n) => new Float64Array(n));
  /** A person's key without middle initials (the key itself for a company). */
  private readonly loose = this.column((n) => new Float64Array(n));
  /**
   * The mailing address's street line, and its city as a 31-bit hash (NONE for none): what is left
   * of an address a roll left parts of out.
   */
  private readonly street = this.column((n) => new Float64Array(n));
  private readonly city = this.column((n) => new Int32Array(n));
  /** Its two letters' codes, the first times 256 (NONE for none). */
  private readonly state = this.column((n) => new Int16Array(n));
  private readonly zip = this.column((n) => new Int32Array(n));
  /** PERSON, TRUST or COMPANY. */
  private readonly kind = this.column((n) => new Uint8Array(n));
  /** The key's length (up to 255): the longer of two names written as often is the owner's name. */
  private readonly keyLength = this.column((n) => new Uint8Array(n));
  /**
   * A company's words in `words`, from wordsAt: their count, then each as a 32-bit hash (two
   * spellings at one address share most of theirs; a vocabulary of names shares few hashes).
   */
  private readonly wordsAt = this.column((n) => new Int32Array(n));
  private readonly words = this.column((n) => new Int32Array(n));
  private wordCount = 0;
  private last = { nameKey: '', mailKey: '' };

  /** Adds a mention; answers its number (its place in the order added). */
  add(mention: Pick<OwnerMention, 'name' | 'mail'>): number {
    const n = this.count++;
    const read = ownerNameOf(mention.name);
    const street = normalizeAddress(mention.mail.address);
    const city = normalizeAddress(mention.mail.city);
    // A city of five digits is a ZIP code written in the wrong field.
    const zip = /^\d{5}/.exec(mention.mail.zip.trim())?.[0] ?? /^\d{5}$/.exec(city ?? '')?.[0] ?? null;
    const place = zip ?? city;
    const mailKey = street && place ? `${street}|${place}` : '';
    const state = mention.mail.state.trim().toUpperCase();
    this.last = { nameKey: read?.key ?? '', mailKey };
    this.key.push(read ? textHash(read.key) : NaN, n);
    this.loose.push(read ? textHash(read.looseKey) : NaN, n);
    this.street.push(street ? textHash(street) : NaN, n);
    this.city.push(city ? cityNumber(city) : NONE, n);
    this.state.push(/^[A-Z]{2}$/.test(state) ? state.charCodeAt(0) * 256 + state.charCodeAt(1) : NONE, n);
    this.zip.push(zip ? Number(zip) : NONE, n);
    this.kind.push(read?.kind === 'person' ? PERSON : read && /\bTRUST\b/.test(read.key) ? TRUST : COMPANY, n);
    this.keyLength.push(Math.min(read?.key.length ?? 0, 255), n);
    this.wordsAt.push(read && read.kind !== 'person' ? this.wordCount : -1, n);
    if (read && read.kind !== 'person') {
      const words = [...new Set(read.key.split(' '))];
      this.words.push(words.length, this.wordCount++);
      for (const word of words) this.words.push(textHash(word) | 0, this.wordCount++);
    }
    return n;
  }

  /** How many mentions were added. */
  get size(): number {
    return this.count;
  }

  /** The name and mailing address of the mention added last, as grouping compares them ('' for none). */
  get lastKeys(): { nameKey: string; mailKey: string } {
    return this.last;
  }

  /** Whether mention i is a name at a mailing address (as lastKeys gives them, through keyNumbers). */
  isAt(i: number, at: { key: number; mail: number }): boolean {
    return this.key.at(i) === at.key && Object.is(this.mail(i), at.mail);
  }

  /** Mention i's mailing address as one number (see mailNumber). */
  private mail(i: number): number {
    return mailNumber(this.street.at(i), this.zip.at(i), this.city.at(i));
  }

  /**
   * Gives the columns' memory back now, not at the next garbage collection: the worker writes the
   * owners next, and should not hold both. The grouper takes no more mentions after.
   */
  free(): void {
    for (const column of this.columns) column.free();
  }

  private column(make: (length: number) => Chunk): Column {
    const column = new Column(make);
    this.columns.push(column);
    return column;
  }

  /** Whether a mention names a person (else a company, trust or public body). */
  isPersonAt(i: number): boolean {
    return this.kind.at(i) === PERSON;
  }

  /** Groups the mentions added (see the class). */
  assign(): OwnerAssignment {
    const count = this.count;
    const parent = Int32Array.from({ length: count }, (_, i) => i);
    // Each join made: its rule, and a mention of the joined owner (whose final group gets the count).
    const joinedRule = new Uint8Array(count);
    const joinedAt = new Int32Array(count);
    let joins = 0;
    const root = (i: number): number => {
      while (parent[i] !== i) i = parent[i] = parent[parent[i]];
      return i;
    };
    const join = (a: number, b: number, rule: GroupingRule) => {
      const [ra, rb] = [root(a), root(b)];
      if (ra === rb) return;
      parent[rb] = ra;
      joinedRule[joins] = RULES.indexOf(rule);
      joinedAt[joins++] = ra;
    };
    const joinRuns = (rule: GroupingRule) => (run: Int32Array) => {
      for (let j = 1; j < run.length; j++) join(run[0], run[j], rule);
    };
    // One buffer for every sort of the grouping, 8 bytes a mention: runsOf's keys, mainNames' order.
    const sortSpace = new ArrayBuffer(8 * (count + 1));
    const sorting = new Float64Array(sortSpace, 0, count);
    const named = (i: number) => !Number.isNaN(this.key.at(i));
    const ifPerson = (value: number, i: number) => (this.isPersonAt(i) ? value : NaN);
    const ifEntity = (value: number, i: number) => (this.isPersonAt(i) || !named(i) ? NaN : value);
    // A state registers a company's name once; a family trust's name ("SMITH FAMILY TRUST") is many families'.
    const ifCompany = (value: number, i: number) => (this.kind.at(i) === COMPANY && named(i) ? value : NaN);

    // First what one mailing address says.
    runsOf(
      sorting,
      (i) => this.key.at(i),
      (i) => this.mail(i),
      joinRuns('sameNameSameMail'),
    );
    runsOf(
      sorting,
      (i) => ifPerson(this.loose.at(i), i),
      (i) => this.mail(i),
      joinRuns('initialSameMail'),
    );
    this.joinSpellings(join, sorting);
    // Rolls leave parts of a mailing address out: the same name at one street line is one owner where
    // the addresses agree on the city or on the state; a company's or a trust's name, on the street line alone.
    const streetIn = (where: number, i: number) =>
      Number.isNaN(where) || Number.isNaN(this.street.at(i)) ? NaN : pairKey(this.street.at(i), where);
    for (const where of [(i: number) => known(this.city.at(i)), (i: number) => known(this.state.at(i))]) {
      runsOf(
        sorting,
        (i) => this.key.at(i),
        (i) => streetIn(where(i), i),
        joinRuns('sameNameSameStreet'),
      );
    }
    runsOf(
      sorting,
      (i) => ifEntity(this.key.at(i), i),
      (i) => this.street.at(i),
      joinRuns('entitySameStreet'),
    );
    // Then owners so found are joined across addresses by the name each is mostly written under, so
    // that a shortened spelling ("OAK SMITH LLC", at two companies' addresses) bridges nothing.
    // Each mention's parent made its root (root() halves paths), so the parents are the owners found.
    for (let i = 0; i < count; i++) parent[i] = root(i);
    const mainAt = this.mainNames(parent, sortSpace);
    const main = (i: number) => (mainAt[i] < 0 ? NaN : this.key.at(mainAt[i]));
    const mainLoose = (i: number) => (mainAt[i] < 0 ? NaN : this.loose.at(mainAt[i]));
    runsOf(
      sorting,
      (i) => ifCompany(main(i), i),
      (i) => known(this.state.at(i)),
      joinRuns('entitySameState'),
    );
    // Rolls often leave the state out of a mailing address: its ZIP code says as much.
    runsOf(
      sorting,
      (i) => ifEntity(main(i), i),
      (i) => known(this.zip.at(i)),
      joinRuns('entitySameZip'),
    );
    runsOf(
      sorting,
      (i) => ifPerson(main(i), i),
      (i) => known(this.zip.at(i)),
      joinRuns('personSameZip'),
    );
    // A person written without a middle initial, in a ZIP code where one person alone has that name with one.
    runsOf(
      sorting,
      (i) => ifPerson(mainLoose(i), i),
      (i) => known(this.zip.at(i)),
      (run) => {
        let initialled = NaN;
        for (const i of run) {
          if (main(i) === mainLoose(i)) continue;
          if (Number.isNaN(initialled)) initialled = main(i);
          else if (initialled !== main(i)) return;
        }
        if (!Number.isNaN(initialled)) joinRuns('initialSameZip')(run);
      },
    );
    this.joinUnaddressed(sorting, root, join);

    // The main names are done with: their memory holds the groups.
    const groupOf = mainAt.fill(-1);
    const firsts: number[] = [];
    for (let i = 0; i < count; i++) {
      if (!named(i)) continue;
      const r = root(i);
      // The root's entry holds its group from the group's first mention on (the root itself may come later).
      if (groupOf[r] === -1) {
        groupOf[r] = firsts.length;
        firsts.push(i);
      }
      groupOf[i] = groupOf[r];
    }
    const joined = new Int32Array(firsts.length * RULES.length);
    for (let j = 0; j < joins; j++) joined[groupOf[root(joinedAt[j])] * RULES.length + joinedRule[j]]++;
    // Given back now, not at the next garbage collection (see free).
    for (const done of [parent.buffer, joinedRule.buffer, joinedAt.buffer, sortSpace]) done.transfer(0);
    return { groupOf, groups: firsts.length, firstOf: Int32Array.from(firsts), joins: joined };
  }

  /** The groups as lists of mentions, in the order of their first mention: for small groupings (tests, measures). */
  groups(): OwnerGroup[] {
    const { groupOf, groups, joins } = this.assign();
    const lists: number[][] = Array.from({ length: groups }, () => []);
    groupOf.forEach((group, i) => group >= 0 && lists[group].push(i));
    return lists.map((mentions, group) => {
      const evidence: OwnerGroup['evidence'] = {};
      RULES.forEach((rule, r) => {
        if (joins[group * RULES.length + r] > 0) evidence[rule] = joins[group * RULES.length + r];
      });
      return { mentions, evidence };
    });
  }

  /**
   * The name each owner found so far is mostly written under (the longer on a tie, then a fixed
   * order), by mention: the number of a mention written under it (-1 for none). `roots` gives each
   * mention's owner as its root mention; the owners' mentions are put in order by counting, in
   * `space` (8 bytes a mention and 8 more).
   */
  private mainNames(roots: Int32Array, space: ArrayBuffer): Int32Array {
    const count = this.count;
    const mainAt = new Int32Array(count).fill(-1);
    // ends[r + 1]: where the mentions of root r end in `order`, once counted; each placed from its end down.
    const ends = new Int32Array(space, 0, count + 1).fill(0);
    for (let i = 0; i < count; i++) ends[roots[i] + 1]++;
    for (let r = 0; r < count; r++) ends[r + 1] += ends[r];
    const order = new Int32Array(space, 4 * (count + 1), count);
    for (let i = count - 1; i >= 0; i--) order[--ends[roots[i] + 1]] = i;
    const keyOf = (i: number) => (Number.isNaN(this.key.at(i)) ? -1 : this.key.at(i));
    for (let r = 0; r < count; r++) {
      const [start, end] = [ends[r + 1], r + 2 <= count ? ends[r + 2] : count];
      if (end - start === 0) continue;
      const mentions = order.subarray(start, end);
      if (mentions.length > 1) mentions.sort((a, b) => keyOf(a) - keyOf(b) || a - b);
      let best = -1;
      let bestCount = 0;
      for (let at = 0; at < mentions.length;) {
        const key = this.key.at(mentions[at]);
        let run = at;
        // Object.is: mentions of no name (NaN) make one run too.
        while (run < mentions.length && Object.is(this.key.at(mentions[run]), key)) run++;
        if (!Number.isNaN(key) && this.better(mentions[at], run - at, best, bestCount))
          [best, bestCount] = [mentions[at], run - at];
        at = run;
      }
      if (best >= 0) for (const i of mentions) mainAt[i] = best;
    }
    return mainAt;
  }

  /**
   * A name written without a street address joins the one owner written under that very name with a
   * street address where it is: in its ZIP code (a person, a company or a trust), its city (a person
   * or a company) or its state (a company, which a state registers once). Where two owners of that
   * name have a street address there, it is either's, and joins neither.
   */
  private joinUnaddressed(
    sorting: Float64Array,
    root: (i: number) => number,
    join: (a: number, b: number, rule: GroupingRule) => void,
  ): void {
    // The city with its state, where it is written.
    const cityIn = (i: number) => (this.city.at(i) === NONE ? NaN : pairKey(this.city.at(i), this.state.at(i)));
    const wheres: [(i: number) => number, number[]][] = [
      [(i) => known(this.zip.at(i)), [PERSON, COMPANY, TRUST]],
      [cityIn, [PERSON, COMPANY]],
      [(i) => known(this.state.at(i)), [COMPANY]],
    ];
    for (const [where, kinds] of wheres) {
      runsOf(
        sorting,
        (i) => (kinds.includes(this.kind.at(i)) ? this.key.at(i) : NaN),
        where,
        (run) => {
          let owner = -1;
          for (const i of run) {
            if (Number.isNaN(this.street.at(i))) continue;
            if (owner < 0) owner = root(i);
            else if (owner !== root(i)) return;
          }
          if (owner < 0) return;
          for (const i of run) if (Number.isNaN(this.street.at(i))) join(owner, i, 'unaddressedSameName');
        },
      );
    }
  }

  /** Whether mention i's name, written `n` times, beats the best so far (mention `best`, written bestCount times). */
  private better(i: number, n: number, best: number, bestCount: number): boolean {
    if (best < 0 || n !== bestCount) return best < 0 || n > bestCount;
    const [a, b] = [this.keyLength.at(i), this.keyLength.at(best)];
    return a !== b ? a > b : this.key.at(i) < this.key.at(best);
  }

  /**
   * Two spellings of a company at one mailing address, unless that address is shared by too many
   * owners to say anything. Persons are not joined so: their spellings differ by order and initials,
   * which their keys cover, and "SMITH JOHN A" and "SMITH JOHN A JR" at one address are two people.
   */
  private joinSpellings(join: (a: number, b: number, rule: GroupingRule) => void, sorting: Float64Array): void {
    const entity = (i: number) => this.wordsAt.at(i) >= 0;
    // Companies by address, then name: each address's run holds its names, each name's mentions together.
    runsOf(
      sorting,
      (i) => (entity(i) ? this.mail(i) : NaN),
      () => 0,
      (run) => {
        const spellings: number[] = [];
        const sorted = Array.from(run).sort((a, b) => this.key.at(a) - this.key.at(b) || a - b);
        for (const i of sorted) {
          if (spellings.length === 0 || this.key.at(spellings[spellings.length - 1]) !== this.key.at(i)) {
            spellings.push(i);
          }
        }
        if (spellings.length < 2 || spellings.length > SHARED_ADDRESS_OWNERS) return;
        const wordsOf = spellings.map((i) => this.wordsOf(i));
        for (let a = 0; a < spellings.length; a++) {
          for (let b = a + 1; b < spellings.length; b++) {
            if (overlap(wordsOf[a], wordsOf[b]) >= SPELLING_OVERLAP)
              join(spellings[a], spellings[b], 'spellingSameMail');
          }
        }
      },
    );
  }

  private wordsOf(i: number): Set<number> {
    const at = this.wordsAt.at(i);
    const words = new Set<number>();
    for (let w = 1; w <= this.words.at(at); w++) words.add(this.words.at(at + w));
    return words;
  }
}

/** Mentions grouped into owners (see OwnerGrouper), numbered by their place in the list. */
export function groupOwners(mentions: Pick<OwnerMention, 'name' | 'mail'>[]): OwnerGroup[] {
  const grouper = new OwnerGrouper();
  for (const mention of mentions) grouper.add(mention);
  return grouper.groups();
}

/** Words in common over words in either (Jaccard). */
function overlap(a: Set<number>, b: Set<number>): number {
  let common = 0;
  for (const word of a) if (b.has(word)) common++;
  return common / (a.size + b.size - common);
}
