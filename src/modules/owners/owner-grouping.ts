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
  entitySameState: 'same company name, mailing addresses in one state',
  personSameZip: 'same person’s name, mailing addresses in one ZIP code',
  initialSameZip: 'a person without a middle initial, and the one person of that name with one, in one ZIP code',
} as const;
export type GroupingRule = keyof typeof GROUPING_RULES;

/**
 * A mailing address shared by more owners than this is a registered agent's, a management
 * company's or a post office's: it says nothing of who the owners are, so spellings there are
 * never joined by it (the same name still is).
 */
export const SHARED_ADDRESS_OWNERS = 25;
/** Share of their words two spellings at one mailing address must have in common. */
const SPELLING_OVERLAP = 0.6;
/** "Nothing" in the per-mention arrays: no name, no mailing address, no ZIP code. */
const NONE = -1;
/** Two ids in one number (bucket keys): ids stay below 2^21, so the pair stays below 2^53. */
const pairOf = (a: number, b: number) => a * 4294967296 + b;

/** Strings numbered as first seen, each kept once. */
class Interned {
  private readonly ids = new Map<string, number>();
  readonly values: string[] = [];

  id(value: string): number {
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.values.length;
      if (id >= 1 << 21) throw new Error('more distinct names or addresses than one grouping holds');
      this.ids.set(value, id);
      this.values.push(value);
    }
    return id;
  }
}

/** An Int32Array that grows as values are pushed. */
class IntList {
  private data = new Int32Array(1024);
  length = 0;

  push(value: number): void {
    if (this.length === this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = value;
  }

  at(i: number): number {
    return this.data[i];
  }
}

/**
 * Groups owner mentions into owners, weighing the name and the mailing address. First each address:
 * the same name there is one owner, so are a person with and without a middle initial, and two
 * spellings of a company. Then the owners so found, by the name each is mostly written under: a
 * company's in one state is one company, a person's in one ZIP code one person, and a person written
 * without a middle initial is the one person of that name with one in the ZIP code. The same name
 * with mailing addresses in two states (a company) or two ZIP codes (a person) stays two owners
 * unless something else joins them. Mentions with no name are left out. Each join is counted under
 * its rule.
 *
 * Mentions are added one at a time and kept as numbers (names, addresses, states and ZIP codes each
 * stored once), so a county's million parcels fit in a worker's memory.
 */
export class OwnerGrouper {
  private readonly names = new Interned();
  private readonly mails = new Interned();
  private readonly places = new Interned();
  /** By key id: whether a person's, and the id of its key without middle initials. */
  private readonly person: boolean[] = [];
  private readonly loose: number[] = [];
  /** By mention: key, mailing address, state and ZIP code ids. */
  private readonly key = new IntList();
  private readonly mail = new IntList();
  private readonly state = new IntList();
  private readonly zip = new IntList();

  /** Adds a mention; answers its number (its place in the order added). */
  add(mention: Pick<OwnerMention, 'name' | 'mail'>): number {
    this.key.push(this.keyOf(mention.name));
    const street = normalizeAddress(mention.mail.address);
    const zip = /^\d{5}/.exec(mention.mail.zip.trim())?.[0] ?? null;
    const place = zip ?? normalizeAddress(mention.mail.city);
    this.mail.push(street && place ? this.mails.id(`${street}|${place}`) : NONE);
    const state = mention.mail.state.trim().toUpperCase();
    this.state.push(state ? this.places.id(state) : NONE);
    this.zip.push(zip ? this.places.id(zip) : NONE);
    return this.key.length - 1;
  }

  /** How many mentions were added. */
  get size(): number {
    return this.key.length;
  }

  /** A mention's name as grouping compares it ('' when it has no words). */
  nameKeyOf(i: number): string {
    const key = this.key.at(i);
    return key === NONE ? '' : this.names.values[key];
  }

  /** A mention's mailing address as grouping compares it ('' when it has none). */
  mailKeyOf(i: number): string {
    const mail = this.mail.at(i);
    return mail === NONE ? '' : this.mails.values[mail];
  }

  /** Whether a mention names a person (else a company, trust or public body). */
  isPersonAt(i: number): boolean {
    const key = this.key.at(i);
    return key !== NONE && this.person[key];
  }

  groups(): OwnerGroup[] {
    const count = this.key.length;
    const parent = Int32Array.from({ length: count }, (_, i) => i);
    const evidence = new Map<number, Partial<Record<GroupingRule, number>>>();
    const root = (i: number): number => {
      while (parent[i] !== i) i = parent[i] = parent[parent[i]];
      return i;
    };
    const join = (a: number, b: number, rule: GroupingRule) => {
      const [ra, rb] = [root(a), root(b)];
      if (ra === rb) return;
      parent[rb] = ra;
      const merged = { ...evidence.get(ra) };
      for (const [r, n] of Object.entries(evidence.get(rb) ?? {}) as [GroupingRule, number][])
        merged[r] = (merged[r] ?? 0) + n;
      merged[rule] = (merged[rule] ?? 0) + 1;
      evidence.set(ra, merged);
      evidence.delete(rb);
    };
    /**
     * Joins the mentions that give the same bucket under one rule: the buckets in a typed array,
     * sorted, so that a million mentions take a few MB rather than a Map of a million entries.
     */
    const joinBy = (rule: GroupingRule, bucketOf: (i: number) => number | null) => {
      const buckets = new Float64Array(count).fill(NaN);
      for (let i = 0; i < count; i++) {
        const bucket = this.key.at(i) === NONE ? null : bucketOf(i);
        if (bucket !== null) buckets[i] = bucket;
      }
      const order = Int32Array.from({ length: count }, (_, i) => i)
        .filter((i) => !Number.isNaN(buckets[i]))
        .sort((a, b) => buckets[a] - buckets[b] || a - b);
      for (let j = 1; j < order.length; j++) {
        if (buckets[order[j]] === buckets[order[j - 1]]) join(order[j - 1], order[j], rule);
      }
    };
    const isPerson = (i: number) => this.person[this.key.at(i)];
    const withMail = (i: number, id: number) => (this.mail.at(i) === NONE ? null : pairOf(id, this.mail.at(i)));

    // First what one mailing address says.
    joinBy('sameNameSameMail', (i) => withMail(i, this.key.at(i)));
    joinBy('initialSameMail', (i) => (isPerson(i) ? withMail(i, this.loose[this.key.at(i)]) : null));
    this.joinSpellings(join);
    // Then owners so found are joined across addresses by the name each is mostly written under, so
    // that a shortened spelling ("OAK SMITH LLC", at two companies' addresses) bridges nothing.
    const main = this.mainNames(root);
    const inPlace = (i: number, place: number) => (place === NONE ? null : pairOf(main[i], place));
    joinBy('entitySameState', (i) => (isPerson(i) ? null : inPlace(i, this.state.at(i))));
    joinBy('personSameZip', (i) => (isPerson(i) ? inPlace(i, this.zip.at(i)) : null));
    // A person written without a middle initial, in a ZIP code where one person alone has that name with one.
    const looseInZip = (i: number) => (isPerson(i) ? this.looseInZip(i, main[i]) : null);
    const initialled = new Map<number, number>(); // bucket → a main name with an initial there, or NONE for several
    for (let i = 0; i < count; i++) {
      const bucket = this.key.at(i) === NONE ? null : looseInZip(i);
      if (bucket === null || this.loose[main[i]] === main[i]) continue;
      const seen = initialled.get(bucket);
      initialled.set(bucket, seen === undefined || seen === main[i] ? main[i] : NONE);
    }
    joinBy('initialSameZip', (i) => {
      const bucket = looseInZip(i);
      return bucket !== null && (initialled.get(bucket) ?? NONE) !== NONE ? bucket : null;
    });

    const groups = new Map<number, number[]>();
    for (let i = 0; i < count; i++) {
      if (this.key.at(i) === NONE) continue;
      const r = root(i);
      const members = groups.get(r);
      if (members) members.push(i);
      else groups.set(r, [i]);
    }
    return [...groups].map(([r, members]) => ({ mentions: members, evidence: evidence.get(r) ?? {} }));
  }

  /** The id of the name's key (NONE for a name with no words); each name is read as it comes, nothing kept of its spelling. */
  private keyOf(name: string): number {
    const read = ownerNameOf(name);
    if (!read) return NONE;
    const id = this.names.id(read.key);
    if (this.person[id] === undefined) {
      this.person[id] = read.kind === 'person';
      this.loose[id] = read.looseKey === read.key ? id : this.names.id(read.looseKey);
    }
    return id;
  }

  /** The loose name and ZIP code of a person's mention, as a bucket; null without a ZIP code. */
  private looseInZip(i: number, main: number): number | null {
    const zip = this.zip.at(i);
    return zip === NONE ? null : pairOf(this.loose[main], zip);
  }

  /**
   * The name each owner found so far is mostly written under (the longer on a tie, then the first
   * alphabetically), by mention: what joins owners across addresses.
   */
  private mainNames(root: (i: number) => number): Int32Array {
    const count = this.key.length;
    const order = Int32Array.from({ length: count }, (_, i) => i).sort(
      (a, b) => root(a) - root(b) || this.key.at(a) - this.key.at(b),
    );
    const main = new Int32Array(count).fill(NONE);
    for (let start = 0; start < count;) {
      const r = root(order[start]);
      let end = start;
      let best = NONE;
      let bestCount = 0;
      while (end < count && root(order[end]) === r) {
        const key = this.key.at(order[end]);
        let run = end;
        while (run < count && root(order[run]) === r && this.key.at(order[run]) === key) run++;
        if (key !== NONE && this.better(key, run - end, best, bestCount)) [best, bestCount] = [key, run - end];
        end = run;
      }
      for (let j = start; j < end; j++) main[order[j]] = best;
      start = end;
    }
    return main;
  }

  private better(key: number, n: number, best: number, bestCount: number): boolean {
    if (best === NONE || n !== bestCount) return best === NONE || n > bestCount;
    const [a, b] = [this.names.values[key], this.names.values[best]];
    return a.length !== b.length ? a.length > b.length : a < b;
  }

  /**
   * Two spellings of a company at one mailing address, unless that address is shared by too many
   * owners to say anything. Persons are not joined so: their spellings differ by order and initials,
   * which their keys cover, and "SMITH JOHN A" and "SMITH JOHN A JR" at one address are two people.
   */
  private joinSpellings(join: (a: number, b: number, rule: GroupingRule) => void): void {
    const atAddress = new Map<number, Map<number, number>>();
    for (let i = 0; i < this.key.length; i++) {
      const [key, mail] = [this.key.at(i), this.mail.at(i)];
      if (key === NONE || mail === NONE || this.person[key]) continue;
      const names = atAddress.get(mail) ?? new Map<number, number>();
      if (!names.has(key)) names.set(key, i);
      atAddress.set(mail, names);
    }
    for (const names of atAddress.values()) {
      if (names.size < 2 || names.size > SHARED_ADDRESS_OWNERS) continue;
      const spelled = [...names].map(([key, i]) => ({ i, words: new Set(this.names.values[key].split(' ')) }));
      for (let a = 0; a < spelled.length; a++) {
        for (let b = a + 1; b < spelled.length; b++) {
          if (overlap(spelled[a].words, spelled[b].words) >= SPELLING_OVERLAP)
            join(spelled[a].i, spelled[b].i, 'spellingSameMail');
        }
      }
    }
  }
}

/** Mentions grouped into owners (see OwnerGrouper), numbered by their place in the list. */
export function groupOwners(mentions: Pick<OwnerMention, 'name' | 'mail'>[]): OwnerGroup[] {
  const grouper = new OwnerGrouper();
  for (const mention of mentions) grouper.add(mention);
  return grouper.groups();
}

/** Words in common over words in either (Jaccard). */
function overlap(a: Set<string>, b: Set<string>): number {
  let common = 0;
  for (const word of a) if (b.has(word)) common++;
  return common / (a.size + b.size - common);
}
