import type { OwnerMention } from '../../modules/owners/owner-grouping';
import { randomFrom, seeded } from './synthetic-county';
import { hash, monthNumber, ParcelEvent, parcelAt, ParcelHistory, slotOfParcelId } from './synthetic-parcels';
import { stateCentre, stateOfCounty, statesWithTowns, zipPlacesByState } from './synthetic-places';
import type { PersonName } from './synthetic-spellings';
import * as words from './synthetic-vocabulary';

// Read once: a global looked up on every call is slow inside a vm context (as Jest runs code).
const { floor, log, cos, sqrt, PI } = Math;

/*
 * Owners holding parcels in many counties and states, with the truth kept, so that grouping owners
 * across county files can be measured on generated files. A fixed pool of owners (mostly companies
 * and trusts, some persons and couples), each at one home mailing address; which counties an owner
 * holds in follows from (owner, county FIPS) alone, mostly in and near its home state, now and then
 * far from it; and whether a portfolio owner bought a parcel follows from (county, parcel, the sale)
 * alone. Some owners are namesakes: the very same name, another owner, a home in another state.
 * How a county's roll writes them is synthetic-portfolio-rolls.ts.
 */

/** Owners in the pool: enough that every county has a few, few enough that each holds in several. */
export const PORTFOLIO_OWNERS = 2000;
/** Share of a county's ownerships (a parcel's, from one sale to the next) that a portfolio owner bought. */
export const PORTFOLIO_SHARE = 0.03;
/** The ownership a parcel had before its history began (no sale since the epoch): its "sale month". */
export const BEFORE_HISTORY = -1;

/**
 * How strongly an owner is drawn to a county in its home state, in a state near it (centres within
 * NEAR_KM) and anywhere else: it holds in a county with chance 1 − e^(−weight). An owner holds in
 * some 4 counties of its home state, 2 in near states and 1 farther away (over all 3,200 counties);
 * a county has 3 to 15 holders, most of them from its own state and its neighbours.
 */
const COUNTY_WEIGHT = { home: 0.05, near: 0.004, far: 0.0004 };
const NEAR_KM = 650;
/** A county no owner is drawn to still has this many holders: the ones drawn to it most. */
const MIN_HOLDERS = 3;
/** Groups of namesakes: the first ones triples, the others pairs. */
const NAMESAKE_GROUPS = 12;
const NAMESAKE_TRIPLES = 4;

export interface PortfolioHome {
  house: string;
  street: string;
  suffix: string;
  /** A company's suite ("STE 210"), a person's apartment, or ''. */
  unit: string;
  city: string;
  state: string;
  zip: string;
  zip4: string;
}

export interface PortfolioOwner {
  /** Its number in the pool: the truth grouping is measured against. */
  owner: number;
  kind: 'company' | 'trust' | 'person';
  /** The name as registered ("Oak Smith Holdings LLC", "John A Smith Living Trust", "John A Smith"). */
  name: string;
  /** A person owner; a company's officer; the maker and trustee of a trust. */
  person: PersonName;
  /** A couple's second owner's first name (the same last name), else ''. */
  spouse: string;
  /** How a couple holds title, else ''. */
  vesting: string;
  /** A trust's name as the name it is held under and its form ("John A Smith", "Living Trust"), else null. */
  trust: { holder: string; form: string } | null;
  /** The one home mailing address every county sends its bills to. */
  home: PortfolioHome;
  /** The home as an owner mention carries it. */
  mail: OwnerMention['mail'];
  /** The other owners with exactly this name (homes in other states): different owners all the same. */
  namesakes: number[];
  /** How many parcels it buys in a county it holds in, for each one of an owner of weight 1. */
  weight: number;
}

let pool: PortfolioOwner[] | null = null;

/** The pool, made once: the same owners, names and homes on every machine and run. */
export function portfolioOwners(): readonly PortfolioOwner[] {
  pool ??= makePool();
  return pool;
}

function makePool(): PortfolioOwner[] {
  const random = randomFrom('portfolio owners');
  const pick = <T>(list: readonly T[]): T => list[floor(random() * list.length)];
  const between = (low: number, high: number) => low + floor(random() * (high - low + 1));
  const apartment = () => (random() < 0.12 ? `APT ${between(1, 24)}${pick(['', 'A', 'B'])}` : '');
  // Homes are where ZIP codes are: a state with many post offices is home to many owners.
  const places = statesWithTowns().flatMap((state) => zipPlacesByState().get(state) ?? []);
  const homeIn = (kind: PortfolioOwner['kind'], notIn: ReadonlySet<string> = new Set()): PortfolioHome => {
    let place = pick(places);
    while (notIn.has(place.state)) place = pick(places);
    return {
      house: String(between(1, 9899)),
      street: pick(words.STREET_NAMES).toUpperCase(),
      suffix: pick(words.STREET_SUFFIXES),
      unit: kind === 'company' ? `STE ${between(1, 9)}${pick(['00', '10', '20', '50'])}` : apartment(),
      city: place.city,
      state: place.state,
      zip: place.zip,
      zip4: String(between(1, 9999)).padStart(4, '0'),
    };
  };
  const person = (): PersonName => ({
    first: pick(words.FIRST_NAMES),
    middle: pick(words.MIDDLE_INITIALS),
    last: pick(words.LAST_NAMES),
  });

  // Names are drawn until new: two owners share a name only where namesakes are planted below.
  const taken = new Set<string>();
  const owners: PortfolioOwner[] = [];
  for (let owner = 0; owner < PORTFOLIO_OWNERS; owner++) {
    const kind = random() < 0.55 ? 'company' : random() < 0.35 ? 'trust' : 'person';
    let named: Pick<PortfolioOwner, 'name' | 'person' | 'spouse' | 'trust'>;
    do {
      const someone = person();
      if (kind === 'company') {
        const name = `${pick(words.COMPANY_WORDS)} ${pick(words.LAST_NAMES)} ${pick(words.COMPANY_KINDS)}`;
        named = { name, person: someone, spouse: '', trust: null };
      } else if (kind === 'trust') {
        const family = random() < 0.2;
        const trust = family
          ? { holder: `${someone.last} Family`, form: 'Trust' }
          : { holder: fullName(someone), form: pick(['Living Trust', 'Revocable Trust', 'Irrevocable Trust']) };
        named = { name: `${trust.holder} ${trust.form}`, person: someone, spouse: '', trust };
      } else {
        const spouse = random() < 0.5 ? pick(words.FIRST_NAMES) : '';
        named = {
          name: fullName(someone),
          person: someone,
          spouse: spouse === someone.first ? '' : spouse,
          trust: null,
        };
      }
    } while (taken.has(named.name.toUpperCase()));
    taken.add(named.name.toUpperCase());
    const home = homeIn(kind);
    owners.push({
      owner,
      kind,
      ...named,
      vesting: named.spouse ? pick(words.VESTING) : '',
      home,
      mail: mailOf(home),
      namesakes: [],
      weight: pick([1, 1, 1, 2, 2, 3, 5, 8]),
    });
  }

  // Namesakes: other owners given one owner's name, each moved to a state none of the group is in.
  const inGroup = new Set<number>();
  const unused = (kind: PortfolioOwner['kind'] | null) => {
    let owner = floor(random() * PORTFOLIO_OWNERS);
    while (inGroup.has(owner) || (kind !== null && owners[owner].kind !== kind))
      owner = floor(random() * PORTFOLIO_OWNERS);
    inGroup.add(owner);
    return owner;
  };
  for (let group = 0; group < NAMESAKE_GROUPS; group++) {
    const first = owners[unused((['company', 'person', 'trust'] as const)[group % 3])];
    const members = [first];
    for (let n = group < NAMESAKE_TRIPLES ? 2 : 1; n > 0; n--) {
      const other = owners[unused(null)];
      const home = homeIn(first.kind, new Set(members.map((m) => m.home.state)));
      Object.assign(other, {
        kind: first.kind,
        name: first.name,
        person: first.person,
        spouse: first.spouse,
        vesting: first.vesting,
        trust: first.trust,
        home,
        mail: mailOf(home),
      });
      members.push(other);
    }
    for (const member of members) member.namesakes = members.filter((m) => m !== member).map((m) => m.owner);
  }
  return owners;
}

const fullName = ({ first, middle, last }: PersonName) => `${first} ${middle} ${last}`;

function mailOf(home: PortfolioHome): OwnerMention['mail'] {
  const address = [home.house, home.street, home.suffix, home.unit].filter(Boolean).join(' ');
  return { address, city: home.city, state: home.state, zip: home.zip };
}

/** The portfolio owners holding parcels in a county, and the running total of their weights (for a weighted pick). */
interface CountyHolders {
  owners: number[];
  cumulative: number[];
}
const holdersByCounty = new Map<string, CountyHolders>();

/**
 * The portfolio owners holding parcels in a county, by its FIPS code alone: each owner is drawn to
 * it by a chance of its own (an exponential race: the smaller −ln(u) / weight, the more drawn).
 */
export function portfolioHoldersOf(countyFips: string): readonly number[] {
  return holdersOf(countyFips).owners;
}

function holdersOf(countyFips: string): CountyHolders {
  const kept = holdersByCounty.get(countyFips);
  if (kept) return kept;
  const fips = Number(countyFips);
  const state = stateOfCounty(countyFips);
  const near = state === null ? new Set<string>() : nearStates(state);
  const race = portfolioOwners().map(({ owner, home }) => {
    const weight =
      home.state === state ? COUNTY_WEIGHT.home : near.has(home.state) ? COUNTY_WEIGHT.near : COUNTY_WEIGHT.far;
    const u = (hash(fips, owner, 0, 0, ParcelEvent.PortfolioCounty) + 1) / 4294967296;
    return { owner, time: -log(u) / weight };
  });
  race.sort((a, b) => a.time - b.time || a.owner - b.owner);
  const holding = race.filter((entry, i) => entry.time < 1 || i < MIN_HOLDERS).map((entry) => entry.owner);
  let total = 0;
  const holders = { owners: holding, cumulative: holding.map((owner) => (total += portfolioOwners()[owner].weight)) };
  // A release walks every county once: keep them all (some 3,200 short lists).
  holdersByCounty.set(countyFips, holders);
  return holders;
}

const nearByState = new Map<string, Set<string>>();

/** The other states whose centres are within NEAR_KM of this one's. */
function nearStates(state: string): Set<string> {
  let near = nearByState.get(state);
  if (!near) {
    near = new Set();
    const centre = stateCentre(state);
    for (const other of centre ? statesWithTowns() : []) {
      const there = stateCentre(other);
      if (other !== state && there && kilometres(centre!, there) < NEAR_KM) near.add(other);
    }
    nearByState.set(state, near);
  }
  return near;
}

/** Distance on the sphere, near enough for states (equirectangular). */
function kilometres(a: { lon: number; lat: number }, b: { lon: number; lat: number }): number {
  const radians = PI / 180;
  const x = (b.lon - a.lon) * cos(((a.lat + b.lat) / 2) * radians);
  const y = b.lat - a.lat;
  return sqrt(x * x + y * y) * radians * 6371;
}

/**
 * The portfolio owner who bought a parcel at the start of one ownership, or null: `since` is the
 * month of the sale that began it (BEFORE_HISTORY for the ownership the parcel had when its history
 * began). From a seed of its own, so nothing else of the parcel is drawn differently.
 */
export function portfolioBuyerOf(countyFips: string, slot: number, generation: number, since: number): number | null {
  const random = seeded(hash(Number(countyFips), slot, generation, since, ParcelEvent.Portfolio));
  if (random() >= PORTFOLIO_SHARE) return null;
  const { owners, cumulative } = holdersOf(countyFips);
  const target = random() * cumulative[cumulative.length - 1];
  let i = 0;
  while (cumulative[i] <= target) i++;
  return owners[i];
}

/** The portfolio owner holding a parcel as its history goes (up to the month it was made for), or null. */
export function portfolioHolderOf(countyFips: string, parcel: ParcelHistory): number | null {
  return portfolioBuyerOf(countyFips, parcel.slot, parcel.generation, parcel.sales.at(-1) ?? BEFORE_HISTORY);
}

/**
 * The truth for a county's file of a month: the number of the portfolio owner holding the parcel,
 * or null when no portfolio owner does (or no such parcel is in that month's file).
 */
export function plantedPortfolioOf(countyFips: string, parcelId: string, month: string): number | null {
  const id = slotOfParcelId(parcelId);
  const parcel = id && parcelAt(Number(countyFips), id.slot, monthNumber(month));
  if (!parcel || parcel.parcelId !== parcelId) return null;
  return portfolioHolderOf(countyFips, parcel);
}

/** plantedPortfolioOf with the owner's name as registered and its home mailing address. */
export function portfolioOwnerOf(countyFips: string, parcelId: string, month: string): PortfolioOwner | null {
  const owner = plantedPortfolioOf(countyFips, parcelId, month);
  return owner === null ? null : portfolioOwners()[owner];
}
