import { containsPoint, countyBoundary, ringContains } from '../../modules/counties/county-boundaries';
import { countyRecords, DATASET_COLUMNS } from './synthetic-dataset';
import { monthName, monthNumber, parcelAt } from './synthetic-parcels';
import { zipPlacesByState } from './synthetic-places';

const sussex = { fips: '10005', name: 'Sussex', stateCode: 'DE', population: 234_225 };
const SLOTS = 3000;
const column = (name: string) => DATASET_COLUMNS.indexOf(name);
const [ID, LAT, LON, WKT, HOUSE, DIRECTION, STREET, SUFFIX, CITY, ZIP, ACRES] = [
  ...['parcel_id', 'latitude', 'longitude', 'geometry_wkt', 'site_house_number', 'site_street_direction'],
  ...['site_street_name', 'site_street_suffix', 'site_city', 'site_zip', 'lot_area_acres'],
].map(column);

type Ring = [number, number][];
/** The polygons of a POLYGON or MULTIPOLYGON WKT, each as its rings. */
function polygonsOf(wkt: string): Ring[][] {
  const body = /^(?:MULTI)?POLYGON \((.*)\)$/.exec(wkt)![1];
  const polygons = wkt.startsWith('MULTI') ? body.slice(1, -1).split(')), ((') : [body];
  return polygons.map((polygon) =>
    polygon
      .replace(/^\(|\)$/g, '')
      .split('), (')
      .map((ring) => ring.split(', ').map((point) => point.split(' ').map(Number) as [number, number])),
  );
}

const records = [...countyRecords(sussex, '2026-11', { recordsPerCounty: SLOTS })];

describe('generated lots', () => {
  it("lie inside their own county's boundary, centroid and every corner (Sussex County, Delaware)", () => {
    const boundary = countyBoundary('10005')!;
    const outside = records.filter(
      (r) =>
        !containsPoint(boundary, Number(r[LON]), Number(r[LAT])) ||
        polygonsOf(r[WKT]).some((polygon) => polygon[0].some(([lon, lat]) => !containsPoint(boundary, lon, lat))),
    );
    expect(outside.map((r) => r[ID])).toEqual([]);
  });

  it('are polygons of 7 decimals, closed, with their centroid inside; a few are multi-part, some irregular', () => {
    const wrong: string[] = [];
    let multipart = 0;
    let pentagons = 0;
    for (const r of records) {
      if (!/^(POLYGON|MULTIPOLYGON) \(\(/.test(r[WKT]) || !/^-?\d+\.\d{7} /.test(r[WKT].replace(/^[A-Z ]+\(+/, '')))
        wrong.push(`${r[ID]} ${r[WKT]}`);
      const polygons = polygonsOf(r[WKT]);
      if (polygons.length > 1) multipart += 1;
      if (polygons[0][0].length > 5) pentagons += 1;
      for (const [ring] of polygons) if (ring[0].join() !== ring.at(-1)!.join()) wrong.push(`${r[ID]} not closed`);
      const inside = polygons.some(([ring]) => ringContains(ring, Number(r[LON]), Number(r[LAT])));
      // A lot in two parts may have its centroid in the strip between them.
      if (!inside && polygons.length === 1) wrong.push(`${r[ID]} centroid outside`);
    }
    expect(wrong).toEqual([]);
    expect(multipart).toBeGreaterThan(SLOTS * 0.005);
    expect(multipart).toBeLessThan(SLOTS * 0.05);
    expect(pentagons).toBeGreaterThan(SLOTS * 0.05);
  });

  it('never overlap: no lot holds another lot’s centroid', () => {
    const cell = (lon: number, lat: number) => `${Math.floor(lon * 500)}|${Math.floor(lat * 500)}`;
    const near = new Map<string, string[][]>();
    for (const r of records) {
      const key = cell(Number(r[LON]), Number(r[LAT]));
      near.set(key, [...(near.get(key) ?? []), r]);
    }
    const shapes = new Map(records.map((r) => [r, polygonsOf(r[WKT])]));
    const overlapping: string[] = [];
    for (const r of records) {
      const [lon, lat] = [Number(r[LON]), Number(r[LAT])];
      const [x, y] = [Math.floor(lon * 500), Math.floor(lat * 500)];
      for (let dx = -1; dx <= 1; dx++)
        for (let dy = -1; dy <= 1; dy++)
          for (const other of near.get(`${x + dx}|${y + dy}`) ?? []) {
            if (other === r) continue;
            if (shapes.get(other)!.some(([ring]) => ringContains(ring, lon, lat)))
              overlapping.push(`${r[ID]} in ${other[ID]}`);
          }
    }
    expect(overlapping).toEqual([]);
  });

  it('vary in size: town lots of a tenth of an acre or so, suburban ones larger, rural ones of acres', () => {
    const acres = records.map((r) => Number(r[ACRES])).sort((a, b) => a - b);
    expect(acres[Math.floor(acres.length * 0.1)]).toBeLessThan(0.2);
    expect(acres[Math.floor(acres.length * 0.95)]).toBeGreaterThan(1);
    expect(new Set(records.map((r) => r[column('lot_frontage_ft')])).size).toBeGreaterThan(SLOTS / 4);
  });

  it('have addresses that follow the grid: along a street, house numbers rise away from the town, odd on one side', () => {
    const byStreet = new Map<string, { number: number; lon: number; lat: number }[]>();
    for (const r of records) {
      if ([HOUSE, DIRECTION, STREET, SUFFIX, CITY].some((i) => r[i] === '')) continue;
      const key = `${r[DIRECTION]} ${r[STREET]} ${r[SUFFIX]} in ${r[CITY]}`;
      byStreet.set(key, [
        ...(byStreet.get(key) ?? []),
        { number: Number(r[HOUSE]), lon: Number(r[LON]), lat: Number(r[LAT]) },
      ]);
    }
    const disorder: string[] = [];
    for (const [street, lots] of byStreet) {
      const east = street.startsWith('E ');
      for (const parity of [0, 1]) {
        const side = lots.filter((lot) => lot.number % 2 === parity).sort((a, b) => a.number - b.number);
        for (let i = 1; i < side.length; i++) {
          const onward = east ? side[i].lon > side[i - 1].lon : side[i].lon < side[i - 1].lon;
          if (!onward) disorder.push(`${street}: ${side[i - 1].number} then ${side[i].number}`);
        }
      }
      // Odd numbers on the north side of the street: north of the even ones.
      const odd = lots.filter((lot) => lot.number % 2 === 1);
      const even = lots.filter((lot) => lot.number % 2 === 0);
      if (odd.length && even.length && !(Math.min(...odd.map((l) => l.lat)) > Math.max(...even.map((l) => l.lat))))
        disorder.push(`${street}: odd side not north of the even side`);
    }
    expect(disorder).toEqual([]);
    // One address, one parcel (in a town: two towns may each have a Main Street).
    const addresses = records.filter((r) => r[CITY] !== '').map((r) => `${r[column('site_address')]}, ${r[CITY]}`);
    expect(new Set(addresses).size).toBe(addresses.length);
  });

  it("are in the county's own towns, with those towns' ZIP codes", () => {
    const delaware = zipPlacesByState().get('DE')!;
    const towns = new Set(delaware.map((place) => place.city));
    const zips = new Map(delaware.map((place) => [place.zip, place.city]));
    const wrong = records.filter(
      (r) =>
        (r[CITY] !== '' && !towns.has(r[CITY])) || (r[ZIP] !== '' && r[CITY] !== '' && zips.get(r[ZIP]) !== r[CITY]),
    );
    expect(wrong.map((r) => `${r[CITY]} ${r[ZIP]}`)).toEqual([]);
    expect(new Set(records.map((r) => r[CITY])).size).toBeGreaterThan(2);
    // Not Wilmington or Newark: those are New Castle County's.
    expect(records.filter((r) => ['Wilmington', 'Newark'].includes(r[CITY]))).toEqual([]);
  });
});

describe('lots from month to month', () => {
  it('merge two neighbouring lots into one with a new number, and split it again later, the parents gone', () => {
    const fips = 10005;
    const first = monthNumber('2016-01');
    let merges = 0;
    let splits = 0;
    for (let slot = 0; slot < 4000; slot += 2) {
      for (let month = first; month < first + 120; month++) {
        const [a0, b0, a1, b1] = [
          parcelAt(fips, slot, month - 1),
          parcelAt(fips, slot + 1, month - 1),
          parcelAt(fips, slot, month),
          parcelAt(fips, slot + 1, month),
        ];
        if (a1?.merged && !a0?.merged && a0?.parcelId !== a1.parcelId) {
          merges += 1;
          expect(b1).toBeNull();
        }
        if (a0?.merged && a1 && !a1.merged && b1) {
          splits += 1;
          expect([a1.parcelId, b1.parcelId]).not.toContain(a0.parcelId);
          expect(b0).toBeNull();
        }
      }
    }
    expect(merges).toBeGreaterThan(5);
    expect(splits).toBeGreaterThan(0);
  });

  it('gives a merged lot the land of both lots it replaced', () => {
    const fips = Number(sussex.fips);
    let found: { month: number; slot: number } | null = null;
    for (let month = monthNumber('2020-01'); !found && month < monthNumber('2030-01'); month++) {
      for (let slot = 0; !found && slot < SLOTS - 1; slot += 2) {
        const [a0, b0, a1] = [
          parcelAt(fips, slot, month - 1),
          parcelAt(fips, slot + 1, month - 1),
          parcelAt(fips, slot, month),
        ];
        if (a0 && b0 && a1?.merged) found = { month, slot };
      }
    }
    const { month, slot } = found!;
    const file = (m: number) =>
      new Map([...countyRecords(sussex, monthName(m), { recordsPerCounty: SLOTS })].map((r) => [r[ID], r]));
    const [before, after] = [file(month - 1), file(month)];
    const area = (records: Map<string, string[]>, s: number, m: number) =>
      Number(records.get(parcelAt(fips, s, m)!.parcelId)![column('lot_area_sqft')]);
    const parents = area(before, slot, month - 1) + area(before, slot + 1, month - 1);
    expect(area(after, slot, month) / parents).toBeCloseTo(1, 2);
    expect(after.has(parcelAt(fips, slot, month - 1)!.parcelId)).toBe(false);
    expect(after.has(parcelAt(fips, slot + 1, month - 1)!.parcelId)).toBe(false);
  });
});
