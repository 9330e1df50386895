import { boundingBox, containsPoint, CountyBoundary } from '../../modules/counties/county-boundaries';

/**
 * Real towns and ZIP codes for made-up addresses, from the `zipcodes` package (BSD licence: about
 * 42,000 US ZIP codes, each with its post office's city, state and a point). Chosen over a city
 * list because a ZIP code's point says which county its town is in, and its code is a real one of
 * that town: an address reads as the state's and county's own. Read once, on first use.
 */

export interface ZipPlace {
  zip: string;
  city: string;
  state: string;
  lon: number;
  lat: number;
}

/** A town of the county: where its streets are laid out around, and the ZIP codes its addresses use. */
export interface Town {
  name: string;
  zips: string[];
  lon: number;
  lat: number;
  /** How many ZIP codes it has: a rough measure of its size. */
  weight: number;
}

/** Post office names of companies and agencies with their own ZIP code, never a town's name. */
const NOT_A_TOWN =
  /\b(bank|natl|national|irs|service|services|corp|inc|co|company|insurance|univ|university|ctr|center|brm|reply|mail|postal|dept|administration|federal|government|social security|veterans|express|american|business|processing|regional|station|fort|ft|air force|afb|naval|navy yard|army)\b/i;

let byState: Map<string, ZipPlace[]> | null = null;

/** The ZIP codes of every state (and DC, Puerto Rico), towns only, in ZIP order. */
export function zipPlacesByState(): Map<string, ZipPlace[]> {
  if (!byState) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a 5 MB table, loaded only when first needed
    const { codes } = require('zipcodes') as {
      codes: Record<
        string,
        { zip: string; city: string; state: string; latitude: number; longitude: number; country: string }
      >;
    };
    byState = new Map();
    for (const code of Object.values(codes)) {
      if (code.country !== 'US' || !/^\d{5}$/.test(code.zip) || NOT_A_TOWN.test(code.city)) continue;
      const place = { zip: code.zip, city: code.city, state: code.state, lon: code.longitude, lat: code.latitude };
      const list = byState.get(code.state) ?? [];
      list.push(place);
      byState.set(code.state, list);
    }
    for (const list of byState.values()) list.sort((a, b) => a.zip.localeCompare(b.zip));
  }
  return byState;
}

/** The fifty states and DC, where owners who live out of state mostly do. */
const STATES = (
  'AK AL AR AZ CA CO CT DC DE FL GA HI IA ID IL IN KS KY LA MA MD ME MI MN MO MS MT NC ND NE NH NJ NM NV NY ' +
  'OH OK OR PA RI SC SD TN TX UT VA VT WA WI WV WY'
).split(' ');

/** The states that have towns, sorted: for owners who live out of state. */
export function statesWithTowns(): string[] {
  states ??= STATES.filter((state) => zipPlacesByState().has(state));
  return states;
}
let states: string[] | null = null;

/** Postal codes by the two-digit state FIPS code that begins every county's: a county's state from its code alone. */
const STATE_BY_FIPS: Record<string, string> = {
  ...{ '01': 'AL', '02': 'AK', '04': 'AZ', '05': 'AR', '06': 'CA', '08': 'CO', '09': 'CT', '10': 'DE', '11': 'DC' },
  ...{ '12': 'FL', '13': 'GA', '15': 'HI', '16': 'ID', '17': 'IL', '18': 'IN', '19': 'IA', '20': 'KS', '21': 'KY' },
  ...{ '22': 'LA', '23': 'ME', '24': 'MD', '25': 'MA', '26': 'MI', '27': 'MN', '28': 'MS', '29': 'MO', '30': 'MT' },
  ...{ '31': 'NE', '32': 'NV', '33': 'NH', '34': 'NJ', '35': 'NM', '36': 'NY', '37': 'NC', '38': 'ND', '39': 'OH' },
  ...{ '40': 'OK', '41': 'OR', '42': 'PA', '44': 'RI', '45': 'SC', '46': 'SD', '47': 'TN', '48': 'TX', '49': 'UT' },
  ...{ '50': 'VT', '51': 'VA', '53': 'WA', '54': 'WV', '55': 'WI', '56': 'WY', '60': 'AS', '66': 'GU', '69': 'MP' },
  ...{ '72': 'PR', '78': 'VI' },
};

/** The state (postal code) of a county by its 5-digit FIPS code; null for a code no state begins. */
export function stateOfCounty(countyFips: string): string | null {
  return STATE_BY_FIPS[countyFips.slice(0, 2)] ?? null;
}

let centres: Map<string, { lon: number; lat: number }> | null = null;

/** The middle of a state's post offices (the mean of its ZIP points): where it is, for telling near states from far. */
export function stateCentre(state: string): { lon: number; lat: number } | null {
  if (!centres) {
    centres = new Map();
    for (const [code, places] of zipPlacesByState()) {
      const lon = places.reduce((sum, place) => sum + place.lon, 0) / places.length;
      const lat = places.reduce((sum, place) => sum + place.lat, 0) / places.length;
      centres.set(code, { lon, lat });
    }
  }
  return centres.get(state) ?? null;
}

/** A point inside the boundary near its middle: where a county with no town of its own is settled. */
export function innerPoint(boundary: CountyBoundary): [number, number] {
  const box = boundingBox(boundary);
  const middle: [number, number] = [(box.west + box.east) / 2, (box.south + box.north) / 2];
  if (containsPoint(boundary, ...middle)) return middle;
  let best: [number, number] | null = null;
  let bestDistance = Infinity;
  const steps = 40;
  for (let i = 0; i <= steps; i++) {
    for (let j = 0; j <= steps; j++) {
      const lon = box.west + ((box.east - box.west) * i) / steps;
      const lat = box.south + ((box.north - box.south) * j) / steps;
      const distance = (lon - middle[0]) ** 2 + (lat - middle[1]) ** 2;
      if (distance < bestDistance && containsPoint(boundary, lon, lat)) [best, bestDistance] = [[lon, lat], distance];
    }
  }
  // A sliver of a county the grid misses: its first outline's first point is at least on its edge.
  return best ?? boundary.coordinates[0][0][0];
}

/**
 * The county's towns, biggest first (at most `limit`): the state's post office towns whose ZIP
 * points fall inside the county. A county with none (a small or oddly drawn one) borrows the
 * state's towns nearest to it, settled at a point inside the county; a place with no ZIP codes
 * here at all has one town named after the county.
 */
export function townsOf(boundary: CountyBoundary, stateCode: string, countyName: string, limit = 8): Town[] {
  const places = zipPlacesByState().get(stateCode) ?? [];
  const inside = places.filter((place) => containsPoint(boundary, place.lon, place.lat));
  const towns = new Map<string, Town>();
  for (const place of inside) {
    const town = towns.get(place.city) ?? { name: place.city, zips: [], lon: 0, lat: 0, weight: 0 };
    town.zips.push(place.zip);
    town.lon += place.lon;
    town.lat += place.lat;
    town.weight += 1;
    towns.set(place.city, town);
  }
  const found = [...towns.values()].map((town) => ({
    ...town,
    lon: town.lon / town.weight,
    lat: town.lat / town.weight,
  }));
  // Among towns of one ZIP code each, the most central first: county seats usually are.
  const [midLon, midLat] = innerPoint(boundary);
  const fromMiddle = (town: Town) => (town.lon - midLon) ** 2 + (town.lat - midLat) ** 2;
  found.sort((a, b) => b.weight - a.weight || fromMiddle(a) - fromMiddle(b) || a.name.localeCompare(b.name));
  // The mean of a town's ZIP points can fall outside a ragged county; its streets then start inside.
  for (const town of found)
    if (!containsPoint(boundary, town.lon, town.lat)) [town.lon, town.lat] = innerPoint(boundary);
  if (found.length > 0) return found.slice(0, limit);

  const [lon, lat] = innerPoint(boundary);
  const nearest = [...places].sort(
    (a, b) => distance(a, lon, lat) - distance(b, lon, lat) || a.zip.localeCompare(b.zip),
  );
  const name = nearest[0]?.city ?? countyName;
  return [
    {
      name,
      zips: nearest
        .filter((p) => p.city === name)
        .map((p) => p.zip)
        .slice(0, 3),
      lon,
      lat,
      weight: 1,
    },
  ];
}

const distance = (place: ZipPlace, lon: number, lat: number) => (place.lon - lon) ** 2 + (place.lat - lat) ** 2;
