import { createHash } from 'node:crypto';
import { parseCsv } from '../../common/csv';
import { countyRecords, csvLine, DATASET_COLUMNS } from './synthetic-dataset';
import { syntheticSourceFile } from './synthetic-source-file';

const counties = [
  { fips: '10001', name: 'Kent', stateCode: 'DE', population: 180_786 },
  { fips: '24510', name: 'Baltimore City', stateCode: 'MD', population: 593_490 },
  { fips: '48301', name: 'Loving', stateCode: 'TX', population: 169 },
];

async function read(stream: NodeJS.ReadableStream): Promise<{ text: string; chunks: number }> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(chunk as Buffer);
  return { text: Buffer.concat(parts).toString('utf8'), chunks: parts.length };
}

describe('a synthetic source file of many counties', () => {
  it('holds the schema header and each county records in turn, as each county file has them', async () => {
    const { text } = await read(syntheticSourceFile(counties, '2026-12'));
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual(DATASET_COLUMNS);
    const fips = header.indexOf('county_fips');
    for (const county of counties) {
      const own = rows.filter((row) => row[fips] === county.fips).map(csvLine);
      expect(own).toEqual([...countyRecords(county, '2026-12')].map(csvLine));
    }
    expect(new Set(rows.map((row) => row[fips]))).toEqual(new Set(counties.map((c) => c.fips)));
  });

  it('streams bytes in chunks rather than one string, and gives the same bytes again', async () => {
    const first = syntheticSourceFile(counties, '2026-12', { recordsPerChunk: 50 });
    expect(first.readableObjectMode).toBe(false);
    const a = await read(first);
    expect(a.chunks).toBeGreaterThan(10);
    const b = await read(syntheticSourceFile(counties, '2026-12'));
    const digest = (s: string) => createHash('sha256').update(s).digest('hex');
    expect(digest(b.text)).toBe(digest(a.text));
  });

  it('scales each county to the records asked for, whatever its population', async () => {
    const { text } = await read(syntheticSourceFile(counties, '2026-12', { recordsPerCounty: 400 }));
    const rows = parseCsv(text).slice(1);
    const fips = DATASET_COLUMNS.indexOf('county_fips');
    for (const county of counties) {
      const n = rows.filter((row) => row[fips] === county.fips).length;
      expect(n).toBeGreaterThan(400 * 0.95);
      expect(n).toBeLessThanOrEqual(400);
    }
  });
});
