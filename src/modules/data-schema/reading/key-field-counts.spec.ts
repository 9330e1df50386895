import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { countKeyFields, fillRates, parcelShapesOf } from './key-field-counts';
import { generateCountyDataset } from '../../../dev/synthetic-data/synthetic-dataset';

const loving = { fips: '48301', name: 'Loving', stateCode: 'TX', population: 169 };

/** A stored file read back in small chunks, as storage streams it. */
const streamed = (bytes: Buffer, chunk = 777) =>
  Readable.from(
    Array.from({ length: Math.ceil(bytes.length / chunk) }, (_, i) => bytes.subarray(i * chunk, (i + 1) * chunk)),
  );

describe('key field counts', () => {
  it('counts a stored file as the generator counted it while writing', async () => {
    const { bytes, keyFieldCounts, records } = generateCountyDataset(loving, '2026-11');
    expect(await countKeyFields(streamed(bytes))).toEqual(keyFieldCounts);
    // The generator leaves some optional fields empty: the counts are not all the record count.
    expect(Object.values(keyFieldCounts).some((n) => n < records)).toBe(true);
    expect(keyFieldCounts.owner_name).toBe(records);
  });

  it('counts only non-empty values, and nothing for a key field the county does not publish', async () => {
    const file = gzipSync(
      'parcel_id,county_fips,owner_name,zoning_code\n1,48301,"Doe, Jane",\n2,48301,"",R-1\n3,48301,Roe,"C-2"\n',
    );
    expect(await countKeyFields(streamed(file, 5))).toEqual({
      owner_name: 2,
      mail_address: 0,
      assessed_total_value: 0,
      last_sale_price: 0,
      last_sale_date: 0,
      year_built: 0,
      zoning_code: 2,
      geometry_wkt: 0,
    });
  });

  it('counts the parcel boundaries, which say whether the files carry polygons or points only', async () => {
    const file = gzipSync(
      'parcel_id,county_fips,geometry_wkt\n1,48301,"POLYGON ((0 0,1 0,1 1,0 0))"\n2,48301,\n3,48301,\n',
    );
    const counts = await countKeyFields(streamed(file, 7));
    expect(counts.geometry_wkt).toBe(1);
    expect(parcelShapesOf(counts)).toBe('polygons');
    expect(parcelShapesOf({ ...counts, geometry_wkt: 0 })).toBe('points');
    // Counts kept before the boundary was counted: the schema had no boundary then.
    const { geometry_wkt: _, ...older } = counts;
    expect(parcelShapesOf(older)).toBe('points');
    expect(parcelShapesOf(null)).toBeNull();
  });

  it('fails on a file that is not gzip', async () => {
    await expect(countKeyFields(streamed(Buffer.from('parcel_id\n1\n')))).rejects.toThrow();
  });

  it('gives each key field its share of the records, unrounded, in the panel order', () => {
    const rates = fillRates({ owner_name: 3, zoning_code: 1 }, 3);
    expect(rates.map((r) => r.field)).toEqual([
      'owner_name',
      'mail_address',
      'assessed_total_value',
      'last_sale_price',
      'last_sale_date',
      'year_built',
      'zoning_code',
    ]);
    expect(rates[0]).toEqual({ field: 'owner_name', label: 'Owner', rate: 1 });
    expect(rates[6]).toEqual({ field: 'zoning_code', label: 'Zoning', rate: 1 / 3 });
    expect(rates[1].rate).toBe(0);
    expect(fillRates({}, 0).every((r) => r.rate === 0)).toBe(true);
  });
});
