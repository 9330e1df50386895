import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { gunzipSync } from 'node:zlib';
import { SourceSplitter, UNKNOWN_FIPS_TRACKED } from './source-splitter';

// The heap is measured after a full collection, so only what the splitter keeps is counted.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const heapAfterCollection = () => {
  collectGarbage();
  return process.memoryUsage().heapUsed;
};

describe('SourceSplitter', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'cds-splitter-spec-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps only the first bytes of each unknown county_fips, and a bounded number of them: 10,000 distinct 16 KiB values hold well under 16 MB and a short report', () => {
    const splitter = new SourceSplitter({ counties: new Map([['24510', 'county-24510']]) }, dir);
    splitter.push(Buffer.from('parcel_id,county_fips\n'));
    const tail = '7'.repeat(16 * 1024);
    const before = heapAfterCollection();
    for (let n = 0; n < UNKNOWN_FIPS_TRACKED; n++) {
      splitter.push(Buffer.from(`${n},${String(n).padStart(8, '0')}${tail}\n`));
    }
    splitter.push(Buffer.from('x,24510\n'));
    const kept = heapAfterCollection() - before;
    const { counties, errors } = splitter.end();

    // Whole values would be 10,000 × 16 KiB = 160 MB of strings.
    expect(kept).toBeLessThan(16 * 1024 * 1024);
    expect(counties.map((county) => [county.fips, county.records])).toEqual([['24510', 1]]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(
      /^10,000 rows left out: their county_fips is no county on record: "0000000077777777…" \(1 row\), "0000000177777777…" \(1 row\), /,
    );
    expect(errors[0]).toMatch(/, and 9,980 rows of other codes$/);
    expect(errors[0].length).toBeLessThan(1000);
  });

  it("adds a GIS source's missing centroids from its shapes, and sets aside a bow-tie with an empty pair for its repair", () => {
    const splitter = new SourceSplitter({ county: { id: 'county-10005', fips: '10005' } }, dir, {
      centroidsFromShapes: true,
    });
    splitter.push(
      Buffer.from(
        'geometry_wkt,parcel_id,county_fips\r\n' +
          '"POLYGON ((-75.4 38.6,-75.399 38.6,-75.399 38.601,-75.4 38.601,-75.4 38.6))",S-1,10005\r\n' +
          ',S-2,10005\r\n' +
          '"POLYGON ((-75.4 38.65,-75.399 38.651,-75.399 38.65,-75.4 38.651,-75.4 38.65))",S-3,10005',
      ),
    );
    const [county] = splitter.end().counties;
    expect(county).toMatchObject({ records: 3, shapeChecks: { shapes: 1, missing: 1, invalid: 1 } });
    expect(gunzipSync(readFileSync(county.path)).toString()).toBe(
      'geometry_wkt,parcel_id,county_fips,latitude,longitude\n' +
        '"POLYGON ((-75.4 38.6,-75.399 38.6,-75.399 38.601,-75.4 38.601,-75.4 38.6))",S-1,10005,38.6005000,-75.3995000\n' +
        ',S-2,10005,,\n',
    );
    expect(readFileSync(county.setAsidePath!, 'utf8')).toBe(
      'geometry_wkt,parcel_id,county_fips,latitude,longitude\n' +
        '"POLYGON ((-75.4 38.65,-75.399 38.651,-75.399 38.65,-75.4 38.651,-75.4 38.65))",S-3,10005,,\n',
    );
  });

  it('keeps the latitude and longitude a GIS source gives, and adds none to a CSV source', () => {
    const shape = '"POLYGON ((-75.4 38.6,-75.399 38.6,-75.399 38.601,-75.4 38.601,-75.4 38.6))"';
    const split = (header: string, row: string, centroidsFromShapes: boolean) => {
      const splitter = new SourceSplitter({ county: { id: 'c', fips: '10005' } }, mkdtempSync(join(dir, 'run-')), {
        centroidsFromShapes,
      });
      splitter.push(Buffer.from(`${header}\n${row}\n`));
      return gunzipSync(readFileSync(splitter.end().counties[0].path)).toString();
    };
    const given = `${shape},S-1,10005,38.5,-75.25`;
    expect(split('geometry_wkt,parcel_id,county_fips,latitude,longitude', given, true)).toBe(
      `geometry_wkt,parcel_id,county_fips,latitude,longitude\n${given}\n`,
    );
    expect(split('geometry_wkt,parcel_id,county_fips', `${shape},S-1,10005`, false)).toBe(
      `geometry_wkt,parcel_id,county_fips\n${shape},S-1,10005\n`,
    );
  });

  it('counts a huge county_fips as a row of another county in a one-county file', () => {
    const splitter = new SourceSplitter({ county: { id: 'county-24510', fips: '24510' } }, dir);
    splitter.push(Buffer.from(`parcel_id,county_fips\n1,24510\n2,${'9'.repeat(1024 * 1024)}\n3,24510\n`));
    const { counties, errors } = splitter.end();
    expect(counties).toMatchObject([{ fips: '24510', records: 2, foreignFipsRows: 1 }]);
    expect(errors).toEqual([]);
  });
});
