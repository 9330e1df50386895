import { Readable } from 'node:stream';
import { PARCEL_COPY_COLUMNS, ParcelCopyRows } from './parcel-copy-rows';

const FILE = {
  countyId: 'c0ffee00-0000-4000-8000-000000000001',
  countyFips: '10001',
  state: 'DE',
  release: '2026-10',
  datasetId: 'd0000000-0000-4000-8000-000000000001',
};

/** A COPY text-format value as PostgreSQL reads it back. */
const copyValue = (text: string): string | null =>
  text === '\\N' ? null : text.replace(/\\(.)/g, (_, c: string) => ({ t: '\t', n: '\n', r: '\r' })[c] ?? c);

async function rowsOf(csv: string, chunk = 7): Promise<Record<string, string | null>[]> {
  const rows = new ParcelCopyRows(FILE);
  const chunks: Buffer[] = [];
  const bytes = Buffer.from(csv);
  const source = Readable.from(
    Array.from({ length: Math.ceil(bytes.length / chunk) }, (_, i) => bytes.subarray(i * chunk, (i + 1) * chunk)),
  );
  for await (const out of source.pipe(rows)) chunks.push(out as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => Object.fromEntries(line.split('\t').map((value, i) => [PARCEL_COPY_COLUMNS[i], copyValue(value)])));
}

describe('COPY rows of a county file', () => {
  it("writes each record's fields as JSON that survives quotes, backslashes, tabs and line breaks", async () => {
    const csv =
      'parcel_id,owner_name,legal_description,geometry_wkt,mail_unit\n' +
      '"A\\1","Smith, ""Jo""\tAnn","LOT 1\nBLOCK 2\u0001",,\n';
    const [row] = await rowsOf(csv);
    expect(row).toMatchObject({
      parcel_key: '10001A1',
      record_number: '1',
      state: 'DE',
      parcel_id: 'A\\1',
      geom: null,
      centroid: null,
    });
    expect(JSON.parse(row.fields!)).toEqual({
      parcel_id: 'A\\1',
      owner_name: 'Smith, "Jo"\tAnn',
      legal_description: 'LOT 1\nBLOCK 2\u0001',
    });
  });

  it('counts boundaries read and unreadable, and places the centroid from latitude/longitude', async () => {
    const csv =
      'parcel_id,latitude,longitude,geometry_wkt\n' +
      '1,39.1,-75.5,"POLYGON((0 0,1 0,1 1,0 0))"\n' +
      '2,,,"POLYGON((0 0,1 0))"\n' +
      '3,91,-75.5,\n';
    const rows = new ParcelCopyRows(FILE);
    const [first, second, third] = await rowsOf(csv);
    expect(first).toMatchObject({
      geom: 'SRID=4326;MULTIPOLYGON(((0 0,1 0,1 1,0 0)))',
      centroid: 'SRID=4326;POINT(-75.5 39.1)',
    });
    expect(second).toMatchObject({ geom: null, centroid: null });
    expect(third).toMatchObject({ geom: null, centroid: null });
    for await (const _ of Readable.from([Buffer.from(csv)]).pipe(rows));
    expect(rows.counts).toEqual({ parcels: 3, shapes: 1, unreadableShapes: 1 });
  });
});
