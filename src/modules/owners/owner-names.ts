/**
 * Owner names as grouping compares them. County rolls spell one owner many ways ("ACME HOLDINGS
 * LLC", "ACME HOLDINGS, L.L.C.", "ACME HLDGS LLC"; "SMITH JOHN A" and "JOHN A SMITH"): each name is
 * brought to one spelling, its key, and each rule that changed it can be heard on the way, to say
 * why two names read alike. A key says two names read alike, not that they are one owner: grouping
 * weighs the mailing address too.
 */

/** A person, or anything else that holds land (companies, trusts, governments, churches). */
export type OwnerKind = 'person' | 'entity';

export interface OwnerName {
  kind: OwnerKind;
  /**
   * The name in one spelling: an entity's words in order, its legal form written one way
   * ("ACME HOLDINGS LLC"); a person's words in alphabetical order, so that "SMITH JOHN A" and
   * "JOHN A SMITH" agree ("A JOHN SMITH").
   */
  key: string;
  /** A person's key without middle initials ("JOHN SMITH"): the same person written with and without one. */
  looseKey: string;
  /** Co-owners named after the first ("SMITH JOHN & MARY": MARY SMITH), as person keys. */
  coOwners: string[];
}

/** Legal forms, however written, and the one spelling each is given (longest first, so "L L C" is one LLC). */
const LEGAL_FORMS: [string[], string][] = [
  [['LIMITED', 'LIABILITY', 'COMPANY'], 'LLC'],
  [['L', 'L', 'C'], 'LLC'],
  [['L', 'L', 'P'], 'LLP'],
  [['LIMITED', 'PARTNERSHIP'], 'LP'],
  [['L', 'P'], 'LP'],
  [['INCORPORATED'], 'INC'],
  [['CORPORATION'], 'CORP'],
  [['COMPANY'], 'CO'],
  [['LIMITED'], 'LTD'],
  [['TRUSTEES'], 'TRUST'],
  [['TRUSTEE'], 'TRUST'],
  [['TTEES'], 'TRUST'],
  [['TTEE'], 'TRUST'],
  [['TRS'], 'TRUST'],
  [['TR'], 'TRUST'],
];

/** The words a legal form may start with: only there are the forms looked for. */
const LEGAL_FORM_STARTS = new Set(LEGAL_FORMS.map(([spelled]) => spelled[0]));

/** Words county clerks abbreviate, each written one way. */
const ABBREVIATIONS: Record<string, string> = {
  HLDG: 'HOLDINGS',
  HLDGS: 'HOLDINGS',
  HOLDING: 'HOLDINGS',
  PROP: 'PROPERTIES',
  PROPS: 'PROPERTIES',
  PPTY: 'PROPERTIES',
  PROPERTY: 'PROPERTIES',
  MGMT: 'MANAGEMENT',
  MGT: 'MANAGEMENT',
  INVT: 'INVESTMENTS',
  INVTS: 'INVESTMENTS',
  INVESTMENT: 'INVESTMENTS',
  DEV: 'DEVELOPMENT',
  DEVEL: 'DEVELOPMENT',
  ASSN: 'ASSOCIATION',
  ASSOC: 'ASSOCIATES',
  ASSOCS: 'ASSOCIATES',
  BROS: 'BROTHERS',
  NATL: 'NATIONAL',
  INTL: 'INTERNATIONAL',
  RLTY: 'REALTY',
  ENT: 'ENTERPRISES',
  ENTS: 'ENTERPRISES',
  ENTERPRISE: 'ENTERPRISES',
  GRP: 'GROUP',
  SVCS: 'SERVICES',
  SVC: 'SERVICES',
  APTS: 'APARTMENTS',
  PTNRS: 'PARTNERS',
  PRTNRS: 'PARTNERS',
  PARTNER: 'PARTNERS',
  CTR: 'CENTER',
  MTG: 'MORTGAGE',
  FAM: 'FAMILY',
};

/** Words that say nothing of who the owner is: "ET AL" and its kin, titles, a leading "THE". */
const NOTHING_WORDS = new Set(['ETAL', 'ETUX', 'ETVIR', 'MR', 'MRS', 'MS', 'DR']);
/** What follows ET in "ET AL", "ET UX" and "ET VIR". */
const AFTER_ET = new Set(['AL', 'UX', 'VIR']);

/** What makes a trust revocable, living, or dated: the same trust however the roll describes it. */
const TRUST_QUALIFIERS = new Set([
  'REVOCABLE',
  'REV',
  'IRREVOCABLE',
  'IRREV',
  'LIVING',
  'LIV',
  'DTD',
  'DATED',
  'UA',
  'UAD',
]);

/** Any of these makes a name an entity's rather than a person's. */
const ENTITY_WORDS = new Set([
  'LLC',
  'LLP',
  'LP',
  'INC',
  'CORP',
  'CO',
  'LTD',
  'TRUST',
  'ESTATE',
  'BANK',
  'CHURCH',
  'ASSOCIATION',
  'ASSOCIATES',
  'PARTNERS',
  'PARTNERSHIP',
  'HOLDINGS',
  'PROPERTIES',
  'INVESTMENTS',
  'REALTY',
  'GROUP',
  'FUND',
  'FOUNDATION',
  'MANAGEMENT',
  'DEVELOPMENT',
  'ENTERPRISES',
  'SERVICES',
  'APARTMENTS',
  'CITY',
  'COUNTY',
  'STATE',
  'AUTHORITY',
  'DISTRICT',
  'UNIVERSITY',
  'SCHOOL',
  'HOSPITAL',
  'MINISTRIES',
  'USA',
]);

/** A person's generation, kept: a father and his son are two owners. */
const GENERATIONS = new Set(['JR', 'SR', 'II', 'III', 'IV']);

/** Upper case, accents off, dots and apostrophes dropped (L.L.C. → LLC, O'NEIL → ONEIL), & as AND, other punctuation a space. */
function wordsOf(text: string): string[] {
  // Most names are plain ASCII: nothing to take accents off.
  const plain = /^[\x20-\x7e]*$/.test(text) ? text : text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  return plain
    .toUpperCase()
    .replace(/[.'’]/g, '')
    .replace(/&/g, ' AND ')
    .split(/[^0-9A-Z]+/)
    .filter((word) => word.length > 0);
}

/** The words with each legal form written one way. */
function withLegalForms(words: string[], rules?: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length;) {
    const form =
      LEGAL_FORM_STARTS.has(words[i]) &&
      LEGAL_FORMS.find(([spelled]) => spelled.every((word, j) => words[i + j] === word));
    if (form) {
      const [spelled, one] = form;
      if (spelled.join(' ') !== one) rules?.push(`${spelled.join(' ')} → ${one}`);
      out.push(one);
      i += spelled.length;
    } else {
      out.push(words[i]);
      i++;
    }
  }
  return out;
}

/**
 * A name's key; null for a name with no words (blank, punctuation only). `rules`, when given, hears
 * each rule that changed the name on the way ("HLDGS → HOLDINGS"), in the order applied: grouping
 * reads a million names and asks for none.
 */
export function ownerNameOf(name: string, rules?: string[]): OwnerName | null {
  let words = wordsOf(name);
  if (words.length === 0) return null;
  if (rules && words.join(' ') !== name.trim().replace(/\s+/g, ' ').toUpperCase()) {
    rules.push('case, accents and punctuation');
  }

  // "ET AL", "ET UX": other owners unnamed; titles; a leading THE.
  const kept: string[] = [];
  for (let i = 0; i < words.length; i++) {
    if (words[i] === 'ET' && AFTER_ET.has(words[i + 1])) {
      rules?.push(`ET ${words[i + 1]} dropped`);
      i++;
    } else if (NOTHING_WORDS.has(words[i]) || (i === 0 && words[i] === 'THE' && words.length > 1)) {
      rules?.push(`${words[i]} dropped`);
    } else kept.push(words[i]);
  }
  words = withLegalForms(kept, rules);
  words = words.map((word) => {
    const one = ABBREVIATIONS[word];
    if (!one) return word;
    rules?.push(`${word} → ${one}`);
    return one;
  });

  if (words.some((word) => ENTITY_WORDS.has(word))) {
    if (words.includes('TRUST')) {
      // A trust's dates and qualifiers: "SMITH JOHN A REV TR DTD 1-2-2003" is the Smith trust.
      const dropped = words.filter((word) => TRUST_QUALIFIERS.has(word) || /^\d+$/.test(word));
      if (dropped.length > 0) {
        rules?.push(`trust qualifiers dropped (${dropped.join(' ')})`);
        words = words.filter((word) => !dropped.includes(word));
      }
    }
    const key = words.join(' ');
    return { kind: 'entity', key, looseKey: key, coOwners: [] };
  }

  // Persons: "SMITH JOHN A AND MARY B" is John A Smith and Mary B Smith.
  const [first, ...others] = splitOnAnd(words);
  const surname = first.length > 1 ? surnameOf(first, name) : null;
  // A co-owner written without a surname ("MARY", "MARY B") shares the first owner's.
  const coOwners = others.map((person) => personKey(surname && withoutSurname(person) ? [...person, surname] : person));
  if (coOwners.length > 0) rules?.push(`co-owners set apart (${coOwners.join('; ')})`);
  if (first.length > 1) rules?.push('word order ignored');
  const key = personKey(first);
  const loose = first.filter((word) => word.length > 1 || /\d/.test(word));
  return { kind: 'person', key, looseKey: personKey(loose.length > 0 ? loose : first), coOwners };
}

function splitOnAnd(words: string[]): string[][] {
  const people: string[][] = [[]];
  for (const word of words) {
    if (word === 'AND') people.push([]);
    else people.at(-1)!.push(word);
  }
  return people.filter((person) => person.length > 0);
}

/** The surname of a person as the roll wrote them: first when written "LAST FIRST" (as most rolls do), else last. */
function surnameOf(person: string[], name: string): string {
  // A comma after the first word ("SMITH, JOHN") or no comma at all: the assessor's LAST FIRST order.
  const firstWordThenComma = /^\s*[^,\s]+\s*,/.test(name);
  const generations = person.filter((word) => !GENERATIONS.has(word));
  return firstWordThenComma || !name.includes(',') ? generations[0] : generations.at(-1)!;
}

function withoutSurname(person: string[]): boolean {
  return person.length === 1 || (person.length === 2 && person[1].length === 1);
}

function personKey(words: string[]): string {
  return [...words].sort().join(' ');
}
