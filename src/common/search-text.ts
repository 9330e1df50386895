/**
 * Addresses and owner names as search compares them: upper case, punctuation out, and the words a
 * record may spell two ways (STREET or ST, NORTH or N) written one way, the USPS abbreviation. A
 * query is normalized the same way before it is matched (trigram indexes), so "123 North Main
 * Street" finds "123 N MAIN ST".
 */

/** USPS street suffix abbreviations (Publication 28), with the common variants seen in county rolls. */
const SUFFIXES: Record<string, string> = {
  ALLEY: 'ALY',
  AVENUE: 'AVE',
  AV: 'AVE',
  AVEN: 'AVE',
  BOULEVARD: 'BLVD',
  BOUL: 'BLVD',
  BLV: 'BLVD',
  CIRCLE: 'CIR',
  CIRC: 'CIR',
  COURT: 'CT',
  CRT: 'CT',
  COVE: 'CV',
  CROSSING: 'XING',
  DRIVE: 'DR',
  DRV: 'DR',
  EXPRESSWAY: 'EXPY',
  FREEWAY: 'FWY',
  HIGHWAY: 'HWY',
  HIWAY: 'HWY',
  LANE: 'LN',
  LOOP: 'LOOP',
  PARKWAY: 'PKWY',
  PKY: 'PKWY',
  PLACE: 'PL',
  PLAZA: 'PLZ',
  POINT: 'PT',
  ROAD: 'RD',
  ROUTE: 'RTE',
  SQUARE: 'SQ',
  STREET: 'ST',
  STR: 'ST',
  TERRACE: 'TER',
  TRAIL: 'TRL',
  TURNPIKE: 'TPKE',
  WAY: 'WAY',
};

const DIRECTIONS: Record<string, string> = {
  NORTH: 'N',
  SOUTH: 'S',
  EAST: 'E',
  WEST: 'W',
  NORTHEAST: 'NE',
  NORTHWEST: 'NW',
  SOUTHEAST: 'SE',
  SOUTHWEST: 'SW',
};

const ADDRESS_WORDS: Record<string, string> = { ...SUFFIXES, ...DIRECTIONS };

/** Upper case, dots and apostrophes dropped (N.E. → NE, O'NEIL → ONEIL), other punctuation a space, one space between words. */
function plainWords(text: string): string[] {
  return text
    .toUpperCase()
    .replace(/[.'’]/g, '')
    .replace(/&/g, ' AND ')
    .split(/[^0-9A-Z\u00C0-\u024F]+/)
    .filter((word) => word.length > 0);
}

/** A site or mailing address as search compares it; null when nothing is left. */
export function normalizeAddress(address: string): string | null {
  const words = plainWords(address).map((word) => ADDRESS_WORDS[word] ?? word);
  return words.length ? words.join(' ') : null;
}

/** A normalized address's house number ("101", "12B"): digits, perhaps a letter, then the street; null without one. */
export function houseNumberOf(normalized: string): string | null {
  return /^(\d{1,10}[A-Z]?) /.exec(normalized)?.[1] ?? null;
}

/** An owner name as search compares it (upper case, punctuation out, & as AND); null when nothing is left. */
export function normalizeOwnerName(name: string): string | null {
  const words = plainWords(name);
  return words.length ? words.join(' ') : null;
}

/** County FIPS + the parcel number without separators, upper case: the same parcel's key in every release. */
export function parcelKey(countyFips: string, parcelNumber: string): string {
  return countyFips + parcelNumber.toUpperCase().replace(/[^0-9A-Z]/g, '');
}
