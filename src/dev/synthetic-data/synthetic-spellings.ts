/*
 * The ways county clerks write one owner: its name (legal forms, abbreviations, word order, a
 * dropped word or initial) and its mailing address (a suffix spelled out, a suite written three
 * ways, a ZIP+4 left off). Planted owners (synthetic-owners.ts) and portfolio owners in county files
 * (synthetic-portfolio-rolls.ts) are written with these, so both test grouping against one set.
 */

/** How a clerk may write a company's name (given in mixed case): each a way seen on rolls. */
export const COMPANY_SPELLINGS: ((name: string) => string)[] = [
  (name) => name,
  (name) => name.replace(/ LLC$/, ', L.L.C.').replace(/ Inc$/, ', Inc.').replace(/ LP$/, ' L.P.'),
  (name) => name.replace('Holdings', 'Hldgs').replace('Properties', 'Props').replace('Investments', 'Invts'),
  (name) =>
    name
      .replace(/ Company$/, ' Co')
      .replace(/ Corp$/, ' Corporation')
      .replace(/ Inc$/, ' Incorporated'),
  (name) => `The ${name}`,
  (name) => name.toUpperCase(),
  // A word of the name left out ("OAK SMITH LLC" for Oak Smith Holdings LLC): only its address tells.
  (name) => name.replace(/ (Holdings|Properties|Investments|Realty|Capital|Rentals|Farms|Homes|Development) /, ' '),
];

export interface PersonName {
  first: string;
  middle: string;
  last: string;
}

/** How a clerk may write a person: last name first (most rolls), first name first, with a comma, "et al", no initial. */
export const PERSON_SPELLINGS: ((p: PersonName) => string)[] = [
  ({ first, middle, last }) => `${last} ${first} ${middle}`,
  ({ first, middle, last }) => `${first} ${middle} ${last}`,
  ({ first, middle, last }) => `${last}, ${first} ${middle}.`,
  ({ first, middle, last }) => `${last} ${first} ${middle} ET AL`,
  ({ first, middle, last }) => `${last.toUpperCase()} ${first.toUpperCase()} ${middle}`,
  // No middle initial: only its address tells.
  ({ first, last }) => `${last} ${first}`,
];

/**
 * How a clerk may write a trust, from the name it is held under ("John A Smith") and its form
 * ("Living Trust"): in full, abbreviated, with the date of the trust, as just a trust, with "The".
 */
export const TRUST_SPELLINGS: ((holder: string, form: string) => string)[] = [
  (holder, form) => `${holder} ${form}`,
  (holder, form) => `${holder} ${form.replace('Revocable', 'Rev').replace('Living', 'Liv').replace('Trust', 'Tr')}`,
  (holder, form) => `${holder} ${form} Dtd ${trustDate(holder)}`,
  (holder) => `${holder} Trust`,
  (holder, form) => `The ${holder} ${form}`,
];

/** The date a trust was made: always the same for the same name, as every deed of it recites. */
function trustDate(holder: string): string {
  let h = 0;
  for (let i = 0; i < holder.length; i++) h = (h * 31 + holder.charCodeAt(i)) >>> 0;
  return `${1 + (h % 12)}-${1 + ((h >>> 4) % 28)}-${1985 + ((h >>> 9) % 38)}`;
}

/** Street suffixes as a clerk may spell them out: the USPS abbreviation is the usual way. */
export const SUFFIXES_SPELLED_OUT: Record<string, string> = {
  ST: 'STREET',
  AVE: 'AVENUE',
  RD: 'ROAD',
  DR: 'DRIVE',
  LN: 'LANE',
  BLVD: 'BOULEVARD',
  WAY: 'WAY',
  PL: 'PLACE',
};

/** How a clerk may write a suite ("STE 210"): spelled out or as a number sign; apartments stay as written. */
export function suiteAsWritten(unit: string, way: number): string {
  const suite = /^STE (\w+)$/.exec(unit);
  if (!suite) return unit;
  return [unit, `SUITE ${suite[1]}`, `# ${suite[1]}`][way % 3];
}
