import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { Geometry } from 'wkx';
import { boundaryCsv, comparableParts, expectedParts, partsOf } from '../../../test/support/parcel-boundaries';
import { readParquet, readWithGdal } from '../../../test/support/read-back';
import { DATA_FIELDS, SCHEMA_VERSION } from '../data-schema';
import { convertCountyFile } from './converters';
import { shapefileNames } from './shapefile-fields';
import { outputFields } from './normalized-csv';

const run = promisify(execFile);

/**
 * A county file as staff might send one: a subset of the schema's columns in an order of its own,
 * quoted text with commas, quotes and a line break, a parcel without coordinates, and values that are
 * not valid for their field (kept by ingest, counted as invalid).
 */
const CSV = [
  'county_fips,parcel_id,owner_name,latitude,longitude,last_sale_price,last_sale_date,year_built,owner_occupied,lot_area_acres',
  '24510,00123,"SMITH, JOHN ""JR""",39.2904,-76.6122,250000.50,2024-02-29,1925,true,0.25',
  '24510,00124,ACME LLC,,,notmoney,2023-02-30,abc,maybe,.5',
  '24510,00125,"TWO\nLINES",39.3,-76.6,0,1999-12-31,2001,FALSE,12.',
  '24510,00126,FAR AWAY,95,-76.6,1e5,,99999999999999999999,True,',
].join('\n');

const source = () => Readable.from([Buffer.from(`${CSV}\n`, 'utf8')]);

describe('Converting a county file to each format', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cds-convert-spec-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  // Every schema field is a column but the boundary (geometry_wkt), which is the geometry.
  const attributes = DATA_FIELDS.filter((field) => field.type !== 'geometry');
  const fieldCount = attributes.length;

  it('writes a GeoPackage GDAL reads back: every field typed, points in EPSG:4326, null geometry without coordinates', async () => {
    const { path, normalized } = await convertCountyFile('gpkg', source(), dir, 'full');
    expect(normalized.records).toBe(4);
    const gpkg = await readWithGdal(path);
    expect(gpkg.layer).toBe('parcels');
    expect(gpkg.geometryType).toBe('Point');
    expect(gpkg.srs).toBe('EPSG:4326');
    expect(gpkg.metadata.get('schema_version')).toBe(SCHEMA_VERSION);
    expect(gpkg.featureCount).toBe(4);
    expect(gpkg.fields.size).toBe(fieldCount);
    expect(gpkg.fields.get('parcel_id')).toBe('String');
    expect(gpkg.fields.get('year_built')).toBe('Integer64');
    expect(gpkg.fields.get('last_sale_price')).toBe('Real');
    expect(gpkg.fields.get('last_sale_date')).toBe('Date');
    expect(gpkg.fields.get('owner_occupied')).toBe('Integer(Boolean)');
    const [first, second, third, fourth] = gpkg.features;
    expect(first.properties).toMatchObject({
      parcel_id: '00123',
      owner_name: 'SMITH, JOHN "JR"',
      last_sale_price: 250000.5,
      last_sale_date: '2024-02-29',
      year_built: 1925,
      owner_occupied: true,
      lot_area_acres: 0.25,
      county_fips: '24510',
    });
    expect(first.geometry).toEqual({ type: 'Point', coordinates: [-76.6122, 39.2904] });
    // Invalid values are null, never a failed conversion; a parcel without coordinates has no geometry.
    expect(second.geometry).toBeNull();
    expect(second.properties).toMatchObject({ parcel_id: '00124', lot_area_acres: 0.5 });
    for (const field of ['last_sale_price', 'last_sale_date', 'year_built', 'owner_occupied', 'latitude']) {
      expect(second.properties[field] ?? null).toBeNull();
    }
    expect(third.properties).toMatchObject({ owner_name: 'TWO\nLINES', owner_occupied: false, lot_area_acres: 12 });
    // A latitude off the globe keeps its value but makes no point.
    expect(fourth.geometry).toBeNull();
    expect(fourth.properties).toMatchObject({ latitude: 95, owner_occupied: true });
    expect(fourth.properties.year_built ?? null).toBeNull();
    // notmoney, 2023-02-30, abc, maybe; 1e5 (no exponents), a 20-digit integer.
    expect(normalized.invalidValues).toBe(6);
  });

  it('writes a Shapefile zip of its five files and fields.csv, read back by GDAL under the mapped names', async () => {
    const { path } = await convertCountyFile('shp', source(), dir, 'full');
    const { stdout: listing } = await run('unzip', ['-Z1', path]).catch(async () =>
      run('python3', ['-c', 'import sys,zipfile; print("\\n".join(zipfile.ZipFile(sys.argv[1]).namelist()))', path]),
    );
    expect(listing.trim().split('\n').sort()).toEqual(
      [
        'fields.csv',
        'parcels.cpg',
        'parcels.dbf',
        'parcels.prj',
        'parcels.shp',
        'parcels.shx',
        'schema_version.txt',
      ].sort(),
    );
    const entry = async (name: string) =>
      (
        await run('python3', [
          '-c',
          'import sys,zipfile; sys.stdout.write(zipfile.ZipFile(sys.argv[1]).read(sys.argv[2]).decode())',
          path,
          name,
        ])
      ).stdout;
    expect(await entry('fields.csv')).toContain('field,shapefile_field,type\nparcel_id,parcel_id,text\n');
    expect(await entry('schema_version.txt')).toBe(`${SCHEMA_VERSION}\n`);
    const names = shapefileNames(outputFields('full'));
    const shp = await readWithGdal(`/vsizip/${path}/parcels.shp`);
    expect(shp.featureCount).toBe(4);
    expect(shp.geometryType).toBe('Point');
    expect(shp.fields.size).toBe(fieldCount);
    expect(shp.fields.get(names.get('last_sale_date')!)).toBe('Date');
    // As wide as the widest value: a 4-digit year fits a 32-bit dBase integer.
    expect(shp.fields.get(names.get('year_built')!)).toBe('Integer');
    const [first, second] = shp.features;
    expect(first.properties[names.get('parcel_id')!]).toBe('00123');
    expect(first.properties[names.get('owner_name')!]).toBe('SMITH, JOHN "JR"');
    expect(first.properties[names.get('last_sale_price')!]).toBe(250000.5);
    expect(first.properties[names.get('owner_occupied')!]).toBe(1);
    expect(first.geometry).toEqual({ type: 'Point', coordinates: [-76.6122, 39.2904] });
    expect(second.geometry).toBeNull();
  });

  it('writes newline-delimited GeoJSON features, gzip-compressed, one a parcel', async () => {
    const { path } = await convertCountyFile('geojson', source(), dir, 'full');
    const { stdout } = await run('sh', ['-c', `gzip -dc '${path}'`]);
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(4);
    const features = lines.map((line) => JSON.parse(line) as { type: string; geometry: unknown; properties: object });
    expect(features.every((feature) => feature.type === 'Feature')).toBe(true);
    expect(features[0].geometry).toEqual({ type: 'Point', coordinates: [-76.6122, 39.2904] });
    expect(features[0].properties).toMatchObject({ parcel_id: '00123', year_built: 1925, owner_occupied: true });
    expect(features[1].geometry).toBeNull();
    const gdal = await readWithGdal(`/vsigzip/${path}`, { features: false });
    expect(gdal.featureCount).toBe(4);
  });

  it('writes Parquet with typed, compressed columns and GeoParquet metadata, read by an independent reader', async () => {
    const { path } = await convertCountyFile('parquet', source(), dir, 'full');
    const parquet = await readParquet(path);
    expect(parquet.rows).toHaveLength(4);
    expect(Object.keys(parquet.columns)).toEqual([...attributes.map((f) => f.name), 'geometry']);
    expect(parquet.columns.parcel_id.type).toBe('BYTE_ARRAY');
    expect(['STRING', 'UTF8']).toContain(parquet.columns.parcel_id.logical);
    expect(parquet.columns.year_built.type).toBe('INT64');
    expect(parquet.columns.latitude.type).toBe('DOUBLE');
    expect(parquet.columns.last_sale_price.logical).toBe('DECIMAL');
    expect(parquet.columns.last_sale_date.logical).toBe('DATE');
    expect(parquet.columns.owner_occupied.type).toBe('BOOLEAN');
    expect(parquet.columns.geometry.type).toBe('BYTE_ARRAY');
    expect(parquet.compression).toEqual(['ZSTD']);
    expect(parquet.keyValueMetadata.schema_version).toBe(SCHEMA_VERSION);
    const geo = JSON.parse(parquet.keyValueMetadata.geo) as {
      version: string;
      primary_column: string;
      columns: { geometry: { encoding: string; geometry_types: string[]; bbox: number[] } };
    };
    expect(geo).toMatchObject({
      version: '1.0.0',
      primary_column: 'geometry',
      columns: { geometry: { encoding: 'WKB', geometry_types: ['Point'] } },
    });
    expect(geo.columns.geometry.bbox).toEqual([-76.6122, 39.2904, -76.6, 39.3]);
    const [first, second] = parquet.rows;
    expect(first).toMatchObject({
      parcel_id: '00123',
      owner_name: 'SMITH, JOHN "JR"',
      last_sale_price: 250000.5,
      last_sale_date: '2024-02-29',
      year_built: 1925,
      owner_occupied: true,
    });
    // hyparquet decodes the WKB column as its GeoParquet metadata describes it.
    expect(first.geometry).toEqual({ type: 'Point', coordinates: [-76.6122, 39.2904] });
    expect(second.geometry).toBeNull();
    expect(second.last_sale_price).toBeNull();
    expect(second.year_built).toBeNull();
  });

  it('keeps the leading change columns of a change file in every format', async () => {
    const changes = [
      'change,change_types,changed_fields,parcel_id,county_fips',
      'added,added,,001,24510',
      'changed,owner_changed;sale_recorded,owner_name;last_sale_price,003,24510',
      'removed,removed,,002,24510',
    ].join('\n');
    const { path } = await convertCountyFile('gpkg', Readable.from([Buffer.from(changes)]), dir, 'changes');
    const gpkg = await readWithGdal(path);
    expect([...gpkg.fields.keys()].slice(0, 4)).toEqual(['change', 'change_types', 'changed_fields', 'parcel_id']);
    expect(gpkg.fields.size).toBe(fieldCount + 3);
    expect(
      gpkg.features.map((f) => [f.properties.change, f.properties.change_types, f.properties.changed_fields]),
    ).toEqual([
      ['added', 'added', null],
      ['changed', 'owner_changed;sale_recorded', 'owner_name;last_sale_price'],
      ['removed', 'removed', null],
    ]);
    expect((await stat(path)).size).toBeGreaterThan(0);
  });

  describe('a county with parcel boundaries', () => {
    const shapes = () => Readable.from([Buffer.from(boundaryCsv(), 'utf8')]);
    const expected = expectedParts().map(comparableParts);

    it('writes MultiPolygon layers in every GDAL format when a parcel has two parts, each part kept', async () => {
      for (const format of ['gpkg', 'shp', 'geojson'] as const) {
        const formatDir = join(dir, format);
        await run('mkdir', [formatDir]);
        const { path, geometry, normalized } = await convertCountyFile(format, shapes(), formatDir, 'full');
        expect(geometry).toBe('MultiPolygon');
        expect(normalized).toMatchObject({ records: 5, shapes: 4, multipart: 1 });
        const source =
          format === 'shp' ? `/vsizip/${path}/parcels.shp` : format === 'geojson' ? `/vsigzip/${path}` : path;
        const read = await readWithGdal(source);
        // A Shapefile has one polygon type, which holds multipart shapes.
        expect(read.geometryType).toBe(format === 'shp' ? 'Polygon' : 'Multi Polygon');
        expect(read.srs).toBe('EPSG:4326');
        expect(read.fields.has('geometry_wkt')).toBe(false);
        // GeoJSON has no layer schema: GDAL sees only the properties a feature has.
        if (format !== 'geojson') expect(read.fields.size).toBe(fieldCount);
        expect(read.features.map((f) => comparableParts(partsOf(f.geometry)))).toEqual(expected);
        expect(read.features[1].geometry).toMatchObject({ type: 'MultiPolygon' });
        expect(partsOf(read.features[1].geometry)).toHaveLength(2);
        // Latitude and longitude stay attributes; the parcel without a boundary has no geometry.
        expect(read.features[4].geometry).toBeNull();
        const parcelId = format === 'shp' ? shapefileNames(outputFields('full')).get('parcel_id')! : 'parcel_id';
        expect(read.features[4].properties[parcelId]).toBe('L-5');
        expect(read.features[4].properties.latitude).toBe(38.74);
      }
    });

    it('writes a Polygon layer when no parcel has more than one part', async () => {
      const single = boundaryCsv()
        .split('\n')
        .filter((line) => !line.includes('L-2'))
        .join('\n');
      const { path, geometry } = await convertCountyFile('gpkg', Readable.from([Buffer.from(single)]), dir, 'full');
      expect(geometry).toBe('Polygon');
      const gpkg = await readWithGdal(path);
      expect(gpkg.geometryType).toBe('Polygon');
      expect(gpkg.features.map((f) => f.geometry?.type ?? null)).toEqual(['Polygon', 'Polygon', 'Polygon', null]);
    });

    it('writes GeoParquet 1.1: the boundaries as WKB MultiPolygons, a bbox column named as its covering', async () => {
      const { path, geometry } = await convertCountyFile('parquet', shapes(), dir, 'full');
      expect(geometry).toBe('MultiPolygon');
      const parquet = await readParquet(path, { wkb: true });
      expect(Object.keys(parquet.columns)).toEqual([...attributes.map((f) => f.name), 'geometry', 'bbox']);
      const geo = JSON.parse(parquet.keyValueMetadata.geo) as Record<string, unknown>;
      expect(geo).toEqual({
        version: '1.1.0',
        primary_column: 'geometry',
        columns: {
          geometry: {
            encoding: 'WKB',
            geometry_types: ['MultiPolygon'],
            bbox: [-75.43, 38.7001, -75.4, 38.7302],
            covering: {
              bbox: {
                xmin: ['bbox', 'xmin'],
                ymin: ['bbox', 'ymin'],
                xmax: ['bbox', 'xmax'],
                ymax: ['bbox', 'ymax'],
              },
            },
          },
        },
      });
      // Rows may come in another order than the CSV's: matched by parcel.
      const rows = new Map(parquet.rows.map((row) => [row.parcel_id as string, row]));
      const decoded = ['L-1', 'L-2', 'L-3', 'L-4', 'L-5'].map((id) => {
        const hex = rows.get(id)!.geometry as string | null;
        return hex === null
          ? null
          : (Geometry.parse(Buffer.from(hex, 'hex')).toGeoJSON() as { type: string; coordinates: unknown });
      });
      expect(decoded.map((g) => g?.type ?? null)).toEqual([
        'MultiPolygon',
        'MultiPolygon',
        'MultiPolygon',
        'MultiPolygon',
        null,
      ]);
      expect(decoded.map((g) => comparableParts(partsOf(g)))).toEqual(expected);
      expect(rows.get('L-2')!.bbox).toEqual({ xmin: -75.4102, ymin: 38.7101, xmax: -75.4095, ymax: 38.7103 });
      expect(rows.get('L-5')!.bbox ?? null).toBeNull();
      expect(rows.get('L-5')!.latitude).toBe(38.74);
    });

    it('writes points, as before, when the county has no boundaries', async () => {
      const points = Readable.from([Buffer.from(boundaryCsv({ shapes: false }))]);
      const { path, geometry } = await convertCountyFile('geojson', points, dir, 'full');
      expect(geometry).toBe('Point');
      const { stdout } = await run('sh', ['-c', `gzip -dc '${path}'`]);
      const first = JSON.parse(stdout.split('\n')[0]) as { geometry: unknown };
      expect(first.geometry).toEqual({ type: 'Point', coordinates: [-75.4001, 38.7002] });
      const parquetDir = join(dir, 'parquet');
      await run('mkdir', [parquetDir]);
      const parquet = await convertCountyFile(
        'parquet',
        Readable.from([Buffer.from(boundaryCsv({ shapes: false }))]),
        parquetDir,
        'full',
      );
      const read = await readParquet(parquet.path);
      expect(JSON.parse(read.keyValueMetadata.geo)).toMatchObject({
        version: '1.0.0',
        columns: { geometry: { geometry_types: ['Point'] } },
      });
      expect(Object.keys(read.columns)).not.toContain('bbox');
    });

    it('carries the boundary in a change file, after its leading change column', async () => {
      const changes = Readable.from([Buffer.from(boundaryCsv({ change: true }))]);
      const { path, geometry } = await convertCountyFile('gpkg', changes, dir, 'changes');
      expect(geometry).toBe('MultiPolygon');
      const gpkg = await readWithGdal(path);
      expect([...gpkg.fields.keys()][0]).toBe('change');
      expect(gpkg.features.map((f) => f.properties.change)).toEqual([
        'changed',
        'added',
        'changed',
        'added',
        'changed',
      ]);
      expect(gpkg.features.map((f) => comparableParts(partsOf(f.geometry)))).toEqual(expected);
    });
  });
});
