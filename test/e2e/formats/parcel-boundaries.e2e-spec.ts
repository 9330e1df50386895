import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import request from 'supertest';
import { Geometry } from 'wkx';
import { DatasetStorage } from '../../../src/integrations/storage/dataset-storage';
import { eventually } from '../../support/eventually';
import {
  BOUNDARY_PARCELS,
  boundaryCsv,
  comparableParts,
  expectedParts,
  partsOf,
} from '../../support/parcel-boundaries';
import { readParquet, readWithGdal } from '../../support/read-back';
import { makeRelease, monthsAgo } from '../../support/releases';
import { useTestApp } from '../../support/test-app';

/**
 * Parcel boundaries through publishing: a county whose CSV carries boundaries (one of them in two
 * parts) is converted by the worker to every format with its polygons, read back by GDAL and, for
 * Parquet, by an independent reader and WKB decoder; a county without boundaries keeps its points.
 * The store's summary says which a county's files carry.
 */
describe('Parcel boundaries in every format', () => {
  const context = useTestApp({ worker: true });
  const api = () => request(context.store.server);
  const db = () => context.store.db;
  const month = monthsAgo(1);
  let withShapes: string; // Sussex, Delaware
  let withoutShapes: string; // Kent, Delaware
  let dir: string;

  /** A converted file of the county's release, copied out of storage to be read back. */
  const convertedFile = async (countyId: string, format: string): Promise<string> => {
    const [row] = await db().query(
      `SELECT storage_key FROM county_datasets WHERE county_id = $1 AND release = $2 AND kind = 'full' AND format = $3`,
      [countyId, month, format],
    );
    const chunks: Buffer[] = [];
    for await (const chunk of context.store.app.get(DatasetStorage).read(row.storage_key)) chunks.push(chunk as Buffer);
    const path = join(dir, `${countyId}-${(row.storage_key as string).split('/').pop()}`);
    await writeFile(path, Buffer.concat(chunks));
    return path;
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cds-boundaries-e2e-'));
    const id = async (fips: string) =>
      (await db().query(`SELECT id FROM counties WHERE fips = $1`, [fips]))[0].id as string;
    [withShapes, withoutShapes] = await Promise.all([id('10005'), id('10001')]);
    await makeRelease(context.store.app, month, [
      { countyId: withShapes, csv: boundaryCsv({ fips: '10005' }) },
      { countyId: withoutShapes, csv: boundaryCsv({ fips: '10001', shapes: false }) },
    ]);
    // Publishing queued every format of both counties; the worker makes them.
    await eventually(async () => {
      const [{ n }] = await db().query(
        `SELECT count(*)::int AS n FROM county_datasets WHERE release = $1 AND format <> 'csv'`,
        [month],
      );
      return n === 8;
    }, 120_000);
  });

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const expected = expectedParts().map(comparableParts);

  it('writes the GeoPackage, Shapefile and GeoJSON as MultiPolygons, the two-part parcel whole, in EPSG:4326', async () => {
    const sources = {
      gpkg: await convertedFile(withShapes, 'gpkg'),
      shp: `/vsizip/${await convertedFile(withShapes, 'shp')}/parcels.shp`,
      geojson: `/vsigzip/${await convertedFile(withShapes, 'geojson')}`,
    };
    for (const [format, source] of Object.entries(sources)) {
      const read = await readWithGdal(source);
      expect(read.featureCount).toBe(BOUNDARY_PARCELS.length);
      expect(read.srs).toBe('EPSG:4326');
      // ogrinfo names a Shapefile's one polygon type "Polygon"; its features are multipart where the parcel is.
      expect(read.geometryType).toBe(format === 'shp' ? 'Polygon' : 'Multi Polygon');
      expect(read.fields.has('geometry_wkt')).toBe(false);
      expect(read.features.map((feature) => comparableParts(partsOf(feature.geometry)))).toEqual(expected);
      const split = read.features[1];
      expect(split.geometry!.type).toBe('MultiPolygon');
      expect(partsOf(split.geometry)).toHaveLength(2);
      // Coordinates as the county gave them (GDAL prints them in full).
      expect(JSON.stringify(split.geometry)).toContain('-75.4102');
      expect(read.features[4].geometry).toBeNull();
    }
    // The GeoJSON is newline-delimited: one feature a line, with its boundary.
    const lines = gunzipSync(await readFile(sources.geojson.slice('/vsigzip/'.length)))
      .toString('utf8')
      .trim()
      .split('\n');
    expect(lines).toHaveLength(BOUNDARY_PARCELS.length);
    expect(JSON.parse(lines[1])).toMatchObject({ type: 'Feature', geometry: { type: 'MultiPolygon' } });
  });

  it('writes GeoParquet 1.1 whose WKB an independent decoder reads back, with the bbox covering', async () => {
    const parquet = await readParquet(await convertedFile(withShapes, 'parquet'), { wkb: true });
    const geo = JSON.parse(parquet.keyValueMetadata.geo) as {
      version: string;
      columns: { geometry: { encoding: string; geometry_types: string[]; covering: object } };
    };
    expect(geo.version).toBe('1.1.0');
    expect(geo.columns.geometry).toMatchObject({
      encoding: 'WKB',
      geometry_types: ['MultiPolygon'],
      covering: {
        bbox: { xmin: ['bbox', 'xmin'], ymin: ['bbox', 'ymin'], xmax: ['bbox', 'xmax'], ymax: ['bbox', 'ymax'] },
      },
    });
    const rows = new Map(parquet.rows.map((row) => [row.parcel_id as string, row]));
    const decoded = BOUNDARY_PARCELS.map(([id]) => {
      const hex = rows.get(id)!.geometry as string | null;
      return hex
        ? (Geometry.parse(Buffer.from(hex, 'hex')).toGeoJSON() as { type: string; coordinates: unknown })
        : null;
    });
    expect(decoded.map((geometry) => comparableParts(partsOf(geometry)))).toEqual(expected);
    expect(partsOf(decoded[1])).toHaveLength(2);
    expect(rows.get('L-2')!.bbox).toEqual({ xmin: -75.4102, ymin: 38.7101, xmax: -75.4095, ymax: 38.7103 });
  });

  it('delivers a county without boundaries with points, in every format', async () => {
    const gpkg = await readWithGdal(await convertedFile(withoutShapes, 'gpkg'));
    expect(gpkg.geometryType).toBe('Point');
    expect(gpkg.features[0].geometry).toEqual({ type: 'Point', coordinates: [-75.4001, 38.7002] });
    const shp = await readWithGdal(`/vsizip/${await convertedFile(withoutShapes, 'shp')}/parcels.shp`, {
      features: false,
    });
    expect(shp.geometryType).toBe('Point');
    const geojson = await readWithGdal(`/vsigzip/${await convertedFile(withoutShapes, 'geojson')}`);
    expect(geojson.geometryType).toBe('Point');
    const parquet = await readParquet(await convertedFile(withoutShapes, 'parquet'));
    expect(JSON.parse(parquet.keyValueMetadata.geo)).toMatchObject({
      columns: { geometry: { geometry_types: ['Point'] } },
    });
  });

  it('tells a buyer, before buying, whether the county comes with parcel boundaries or points', async () => {
    const polygons = await api().get(`/api/counties/${withShapes}/dataset-summary`).expect(200);
    expect(polygons.body.shapes).toBe('polygons');
    const points = await api().get(`/api/counties/${withoutShapes}/dataset-summary`).expect(200);
    expect(points.body.shapes).toBe('points');
  });
});
