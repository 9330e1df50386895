import { seeded } from './synthetic-county';
import { hash, ParcelEvent } from './synthetic-parcels';
import { portfolioOwners } from './synthetic-portfolios';
import type { Mailing, Owner } from './synthetic-record';
import {
  COMPANY_SPELLINGS,
  PERSON_SPELLINGS,
  SUFFIXES_SPELLED_OUT,
  suiteAsWritten,
  TRUST_SPELLINGS,
} from './synthetic-spellings';

// Read once: a global looked up on every call is slow inside a vm context (as Jest runs code).
const { floor } = Math;

/** Chance a parcel is written otherwise than its county usually writes the owner (another clerk, another year). */
const OTHER_SPELLING = 0.25;
/** Chance a couple is written together in the owner name ("SMITH JOHN A & MARY") rather than only in owner2_name. */
const COUPLE_IN_ONE_NAME = 0.3;
/** Chances a clerk spells out the street suffix, writes a suite another way, leaves off the ZIP+4. */
const SUFFIX_SPELLED_OUT = 0.15;
const SUITE_OTHERWISE = 0.2;
const NO_ZIP4 = 0.15;

/**
 * How a county's roll writes a portfolio owner (synthetic-portfolios.ts) on one of its parcels:
 * each county has its own usual spelling of each owner, and now and then a parcel is written
 * another way; the home address as it is, now and then with the suffix spelled out, the suite
 * written otherwise or the ZIP+4 left off, never another street, city or ZIP code. Seeded by
 * (county, parcel, ownership), so a parcel reads the same month after month until it is sold.
 */
export function portfolioOwnerOnRoll(
  fips: number,
  slot: number,
  generation: number,
  since: number,
  owner: number,
): { owner: Owner; mail: Mailing } {
  const { kind, name, person, spouse, vesting, trust, home } = portfolioOwners()[owner];
  const random = seeded(hash(fips, slot, generation, since, ParcelEvent.PortfolioRoll));
  const way = random() < OTHER_SPELLING ? floor(random() * 1024) : hash(fips, owner, -1, -1, ParcelEvent.PortfolioRoll);
  const { first, middle, last } = person;
  const none = { first: '', middle: '', last: '', second: null, vesting: '', trustee: '', officer: '' };
  let written: Owner;
  if (kind === 'company') {
    const officer = `${first} ${middle} ${last}`.toUpperCase();
    written = { ...none, name: spelled(COMPANY_SPELLINGS, way)(name).toUpperCase(), kind: 'company', officer };
  } else if (kind === 'trust') {
    const trustName = spelled(TRUST_SPELLINGS, way)(trust!.holder, trust!.form).toUpperCase();
    written = { ...none, name: trustName, kind: 'trust', trustee: `${last} ${first} ${middle} TR`.toUpperCase() };
  } else {
    let personName = spelled(PERSON_SPELLINGS, way)(person).toUpperCase();
    if (spouse && random() < COUPLE_IN_ONE_NAME && !personName.endsWith(' ET AL'))
      personName = `${personName} & ${spouse.toUpperCase()}`;
    const second = spouse ? { name: `${last} ${spouse}`.toUpperCase(), first: spouse, last } : null;
    written = { name: personName, first, middle, last, kind: 'individual', second, vesting, trustee: '', officer: '' };
  }
  const suffix = random() < SUFFIX_SPELLED_OUT ? (SUFFIXES_SPELLED_OUT[home.suffix] ?? home.suffix) : home.suffix;
  const unit = random() < SUITE_OTHERWISE ? suiteAsWritten(home.unit, 1 + floor(random() * 2)) : home.unit;
  const zip4 = random() < NO_ZIP4 ? '' : home.zip4;
  return { owner: written, mail: { ...home, direction: '', suffix, unit, zip4 } };
}

const spelled = <T>(spellings: T[], way: number): T => spellings[way % spellings.length];
