import type { OwnerMention } from '../../modules/owners/owner-grouping';
import { seeded } from './synthetic-county';
import { COMPANY_SPELLINGS, PERSON_SPELLINGS } from './synthetic-spellings';
import { COMPANY_KINDS, COMPANY_WORDS, FIRST_NAMES, LAST_NAMES, MIDDLE_INITIALS } from './synthetic-vocabulary';

/** A mention with the owner it truly is (the generator's truth). */
export interface PlantedMention extends OwnerMention {
  owner: number;
}

/** States the planted owners live in, each with the first two digits of its ZIP codes. */
const STATES: [string, string][] = [
  ['MD', '21'],
  ['VA', '22'],
  ['PA', '19'],
  ['TX', '75'],
  ['CA', '90'],
  ['FL', '33'],
  ['OH', '44'],
  ['GA', '30'],
];
/** A registered agent's address: the mailing address of many unrelated companies. */
const AGENT = { address: '1209 ORANGE ST', city: 'WILMINGTON', state: 'DE', zip: '19801' };
const STREETS = ['MAIN ST', 'OAK AVE', 'PARK RD', 'LAKE DR', 'HILL LN', 'MAPLE ST', 'RIVER RD', 'ELM ST'];

/**
 * Owners planted across counties with the truth kept: companies holding parcels under the spellings
 * clerks use, at one or two mailing addresses in their state (some at a registered agent's, shared
 * by many); persons written last name first or first name first, with or without a comma and
 * "et al", some moved within their ZIP code; and namesakes: persons and companies bearing an
 * earlier owner's name in another state, who are other owners. Each owner holds 1 to 12 parcels.
 */
export function plantedOwners(owners: number, seed = 1): PlantedMention[] {
  return [...plantedOwnerMentions(owners, seed)];
}

/** plantedOwners as they are made, one mention at a time: a million need not be held at once. */
export function* plantedOwnerMentions(owners: number, seed = 1): Generator<PlantedMention> {
  const random = seeded(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  /** Each company name, and the states its companies' mail goes to. */
  const companyNames = new Map<string, Set<string>>();
  /** The first person planted in each state: whom a namesake in another state is named after. */
  const firstPerson = new Map<string, { first: string; middle: string; last: string }>();
  /** The first company name planted for each state's mail: what a namesake elsewhere is called. */
  const firstCompany = new Map<string, string>();
  const elsewhere = <T>(first: Map<string, T>, state: string): T | undefined =>
    [...first].find(([where]) => where !== state)?.[1];
  let parcel = 0;
  const addressIn = (state: string, prefix: string) => ({
    address: `${1 + Math.floor(random() * 9000)} ${pick(STREETS)}`,
    city: `TOWN ${Math.floor(random() * 50)}`,
    state,
    zip: `${prefix}${String(Math.floor(random() * 1000)).padStart(3, '0')}`,
  });
  for (let owner = 0; owner < owners; owner++) {
    const [state, prefix] = pick(STATES);
    const holdings = 1 + Math.floor(random() * 12);
    const home = addressIn(state, prefix);
    const planted: PlantedMention[] = [];
    const add = (name: string, mail: OwnerMention['mail']) =>
      planted.push({ parcelKey: `P${++parcel}`, slot: 1, name, mail, owner });
    if (random() < 0.35) {
      const agent = random() < 0.1;
      const mailState = agent ? AGENT.state : state;
      // A company: now and then an earlier company's name in another state (a namesake), else a new
      // name; never a name a company already has there (a state registers a name once).
      let name = `${pick(COMPANY_WORDS)} ${pick(LAST_NAMES)} ${pick(COMPANY_KINDS)}`;
      const earlier = elsewhere(firstCompany, mailState);
      if (!agent && random() < 0.05 && earlier && !companyNames.get(earlier)?.has(mailState)) name = earlier;
      if (companyNames.get(name)?.has(mailState))
        name = `${name.split(' ')[0]} ${owner} ${name.split(' ').slice(1).join(' ')}`;
      companyNames.set(name, (companyNames.get(name) ?? new Set()).add(mailState));
      if (!firstCompany.has(mailState)) firstCompany.set(mailState, name);
      const second = { ...home, address: `${1 + Math.floor(random() * 9000)} ${pick(STREETS)}` };
      for (let i = 0; i < holdings; i++) {
        const mail = agent ? AGENT : random() < 0.2 ? second : home;
        add(pick(COMPANY_SPELLINGS)(name), mail);
      }
    } else {
      let person = { first: pick(FIRST_NAMES), middle: pick(MIDDLE_INITIALS), last: pick(LAST_NAMES) };
      const namesake = elsewhere(firstPerson, state);
      if (random() < 0.05 && namesake) person = { ...namesake };
      if (!firstPerson.has(state)) firstPerson.set(state, person);
      // Moved within the ZIP code: another street line, the same ZIP.
      const moved = { ...home, address: `${1 + Math.floor(random() * 9000)} ${pick(STREETS)}` };
      for (let i = 0; i < holdings; i++) add(pick(PERSON_SPELLINGS)(person), random() < 0.1 ? moved : home);
    }
    yield* planted;
  }
}

/**
 * How well groups match the truth, over pairs of mentions: precision (of the pairs put together,
 * the share truly one owner) and recall (of the pairs truly one owner, the share put together),
 * with the counts behind them.
 */
export function pairwiseQuality(
  truth: ArrayLike<number>,
  groups: number[][],
): { precision: number; recall: number; truePairs: number; falsePairs: number; missedPairs: number } {
  const pairs = (n: number) => (n * (n - 1)) / 2;
  let together = 0;
  let right = 0;
  for (const group of groups) {
    together += pairs(group.length);
    const byOwner = new Map<number, number>();
    for (const i of group) byOwner.set(truth[i], (byOwner.get(truth[i]) ?? 0) + 1);
    for (const n of byOwner.values()) right += pairs(n);
  }
  const sizes = new Map<number, number>();
  for (let i = 0; i < truth.length; i++) sizes.set(truth[i], (sizes.get(truth[i]) ?? 0) + 1);
  const truePairsAll = [...sizes.values()].reduce((sum, n) => sum + pairs(n), 0);
  return {
    precision: together === 0 ? 1 : right / together,
    recall: truePairsAll === 0 ? 1 : right / truePairsAll,
    truePairs: right,
    falsePairs: together - right,
    missedPairs: truePairsAll - right,
  };
}
