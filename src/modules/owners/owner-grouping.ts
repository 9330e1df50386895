import { normalizeAddress } from '../../common/search-text';
import { OwnerName, ownerNameOf } from './owner-names';

/** One owner named on one parcel: owner_name (slot 1) or owner2_name (slot 2), with the parcel's mailing address. */
export interface OwnerMention {
  parcelKey: string;
  slot: 1 | 2;
  name: string;
  mail: { address: string; city: string; state: string; zip: string };
}

/** Owners found: the mentions of each (indexes into the list grouped), and why they are one. */
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

interface Read {
  name: OwnerName;
  /** The street line and ZIP (or city) as compared; null without a street line. */
  mail: string | null;
  state: string;
  zip: string | null;
}

/**
 * Mentions grouped into owners, weighing the name and the mailing address. First each address: the
 * same name there is one owner, so are a person with and without a middle initial, and two
 * spellings of a company. Then the owners so found, by the name each is mostly written under: a
 * company's in one state is one company, a person's in one ZIP code one person. The same name with
 * mailing addresses in two states (a company) or two ZIP codes (a person) stays two owners unless
 * something else joins them. Mentions with no name are left out. Each join is counted under its rule.
 */
export function groupOwners(mentions: OwnerMention[]): OwnerGroup[] {
  const reads: (Read | null)[] = mentions.map(readOf);
  const parent = mentions.map((_, i) => i);
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
  /** Joins the mentions that give the same bucket under one rule. */
  const joinBy = (rule: GroupingRule, bucketOf: (read: Read, i: number) => string | null) => {
    const first = new Map<string, number>();
    reads.forEach((read, i) => {
      const bucket = read && bucketOf(read, i);
      if (bucket === null || bucket === undefined) return;
      const seen = first.get(bucket);
      if (seen === undefined) first.set(bucket, i);
      else join(seen, i, rule);
    });
  };

  // First what one mailing address says.
  joinBy('sameNameSameMail', (r) => r.mail && `${r.name.key}\u0000${r.mail}`);
  joinBy('initialSameMail', (r) => (r.name.kind === 'person' && r.mail ? `${r.name.looseKey}\u0000${r.mail}` : null));
  joinSpellings(reads, join);
  // Then owners so found are joined across addresses by the name each is mostly written under, so
  // that a shortened spelling ("OAK SMITH LLC", at two companies' addresses) bridges nothing.
  const names = mainNames(reads, root);
  const mainName = reads.map((_, i) => names.get(root(i)));
  joinBy('entitySameState', (r, i) => (r.name.kind === 'entity' && r.state ? `${mainName[i]}\u0000${r.state}` : null));
  joinBy('personSameZip', (r, i) => (r.name.kind === 'person' && r.zip ? `${mainName[i]}\u0000${r.zip}` : null));
  // A person written without a middle initial, in a ZIP code where one person alone has that name with one.
  const looseOf = new Map(reads.flatMap((r) => (r ? [[r.name.key, r.name.looseKey] as const] : [])));
  const initialled = new Map<string, Set<string>>();
  const looseBucket = (r: Read, i: number) =>
    r.name.kind === 'person' && r.zip ? `${looseOf.get(mainName[i]!)}\u0000${r.zip}` : null;
  reads.forEach((r, i) => {
    const bucket = r && looseBucket(r, i);
    if (!bucket || mainName[i] === looseOf.get(mainName[i]!)) return;
    initialled.set(bucket, (initialled.get(bucket) ?? new Set()).add(mainName[i]!));
  });
  joinBy('initialSameZip', (r, i) => {
    const bucket = looseBucket(r, i);
    return bucket && initialled.get(bucket)?.size === 1 ? bucket : null;
  });

  const groups = new Map<number, number[]>();
  reads.forEach((read, i) => {
    if (!read) return;
    const r = root(i);
    groups.set(r, [...(groups.get(r) ?? []), i]);
  });
  return [...groups].map(([r, members]) => ({ mentions: members, evidence: evidence.get(r) ?? {} }));
}

/**
 * The name each owner found so far is mostly written under (the longer on a tie, then the first
 * alphabetically), by its root: what joins owners across addresses.
 */
function mainNames(reads: (Read | null)[], root: (i: number) => number): Map<number, string> {
  const counts = new Map<number, Map<string, number>>();
  reads.forEach((read, i) => {
    if (!read) return;
    const r = root(i);
    const keys = counts.get(r) ?? new Map<string, number>();
    keys.set(read.name.key, (keys.get(read.name.key) ?? 0) + 1);
    counts.set(r, keys);
  });
  const main = new Map<number, string>();
  for (const [r, keys] of counts) {
    const [best] = [...keys].sort(([a, na], [b, nb]) => nb - na || b.length - a.length || (a < b ? -1 : a > b ? 1 : 0));
    main.set(r, best[0]);
  }
  return main;
}

/**
 * Two spellings of a company at one mailing address, unless that address is shared by too many
 * owners to say anything. Persons are not joined so: their spellings differ by order and initials,
 * which their keys cover, and "SMITH JOHN A" and "SMITH JOHN A JR" at one address are two people.
 */
function joinSpellings(reads: (Read | null)[], join: (a: number, b: number, rule: GroupingRule) => void): void {
  const atAddress = new Map<string, Map<string, number>>();
  reads.forEach((read, i) => {
    if (!read?.mail || read.name.kind !== 'entity') return;
    const names = atAddress.get(read.mail) ?? new Map<string, number>();
    if (!names.has(read.name.key)) names.set(read.name.key, i);
    atAddress.set(read.mail, names);
  });
  for (const names of atAddress.values()) {
    if (names.size < 2 || names.size > SHARED_ADDRESS_OWNERS) continue;
    const spelled = [...names].map(([key, i]) => ({ i, words: new Set(key.split(' ')) }));
    for (let a = 0; a < spelled.length; a++) {
      for (let b = a + 1; b < spelled.length; b++) {
        if (overlap(spelled[a].words, spelled[b].words) >= SPELLING_OVERLAP)
          join(spelled[a].i, spelled[b].i, 'spellingSameMail');
      }
    }
  }
}

/** Words in common over words in either (Jaccard). */
function overlap(a: Set<string>, b: Set<string>): number {
  let common = 0;
  for (const word of a) if (b.has(word)) common++;
  return common / (a.size + b.size - common);
}

function readOf(mention: OwnerMention): Read | null {
  const name = ownerNameOf(mention.name);
  if (!name) return null;
  const street = normalizeAddress(mention.mail.address);
  const zip = /^\d{5}/.exec(mention.mail.zip.trim())?.[0] ?? null;
  const place = zip ?? normalizeAddress(mention.mail.city);
  return {
    name,
    mail: street && place ? `${street}|${place}` : null,
    state: mention.mail.state.trim().toUpperCase(),
    zip,
  };
}
