import { describeLayers } from './gis-layers';
import { GisSource, hasCentroidFields, schemaSelect, sniffSource } from './gis-source';

describe('GIS sources: what the first bytes say, what ogrinfo says, what is read', () => {
  it('tells the kinds apart by their first bytes, not by what a client says', () => {
    expect(sniffSource(Buffer.from('SQLite format 3\0\x10\x00'))).toBe('geopackage');
    expect(sniffSource(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0]))).toBe('zip');
    expect(sniffSource(Buffer.from([0x1f, 0x8b, 0x08, 0]))).toBe('gzip');
    expect(sniffSource(Buffer.from('\ufeff  {"type":"FeatureCollection"'))).toBe('json');
    expect(sniffSource(Buffer.from('\x1e{"type":"Feature"'))).toBe('json');
    expect(sniffSource(Buffer.from('parcel_id,county_fips\n'))).toBe('csv');
    expect(sniffSource(Buffer.from('PK'))).toBe('csv');
  });

  it('reads a layer summary: geometry, projection known or not, count and fields', () => {
    const [layer, unknown] = describeLayers(
      [
        "INFO: Open of `x.gpkg'",
        '',
        'Layer name: parcels',
        'Geometry: Multi Polygon',
        'Feature Count: 12',
        'Extent: (1.0, 2.0) - (3.0, 4.0)',
        'Layer SRS WKT:',
        'PROJCRS["NAD83 / Delaware (ftUS)",',
        '    ID["EPSG",2235]]',
        'Data axis to CRS axis mapping: 1,2',
        'FID Column = fid',
        'Geometry Column = geom',
        'parcel_id: String (0.0)',
        'county_fips: Integer (0.0)',
        'owner_occupied: Integer(Boolean) (0.0)',
        'Layer name: other',
        'Geometry: Point',
        'Feature Count: 1',
        'Layer SRS WKT:',
        'GEOGCRS["Undefined geographic SRS",',
      ].join('\n'),
    );
    expect(layer).toEqual({
      name: 'parcels',
      geometryType: 'Multi Polygon',
      geometryColumn: 'geom',
      srsKnown: true,
      featureCount: 12,
      fields: [
        { name: 'parcel_id', type: 'String' },
        { name: 'county_fips', type: 'Integer' },
        { name: 'owner_occupied', type: 'Integer(Boolean)' },
      ],
    });
    expect(unknown).toMatchObject({ name: 'other', geometryType: 'Point', srsKnown: false });
  });

  it('reads the schema fields under their names, pads a numeric county_fips, and leaves centroids a source lacks to the splitter', () => {
    const source: GisSource = {
      format: 'shapefile',
      gdalPath: '/vsizip/x.zip/p.shp',
      layer: {
        name: 'p',
        geometryType: 'Polygon',
        geometryColumn: null,
        srsKnown: true,
        featureCount: 1,
        fields: [
          { name: 'PARCEL_ID', type: 'String' },
          { name: 'county_fip', type: 'Integer' },
          { name: 'last_sale_', type: 'Date' },
          { name: 'LATITUDE', type: 'Real' },
        ],
      },
      fields: new Map([
        ['parcel_id', 'PARCEL_ID'],
        ['county_fips', 'county_fip'],
        ['last_sale_date', 'last_sale_'],
        ['latitude', 'LATITUDE'],
      ]),
      leftOut: [],
    };
    expect(hasCentroidFields(source)).toBe(false);
    expect(schemaSelect(source)).toBe(
      'SELECT "GEOMETRY", "PARCEL_ID" AS parcel_id, substr(\'00000\' || CAST("county_fip" AS INTEGER), -5) AS county_fips, ' +
        'substr(CAST("last_sale_" AS TEXT), 1, 10) AS last_sale_date FROM "p"',
    );
    const withCentroid = {
      ...source,
      layer: { ...source.layer, fields: [...source.layer.fields, { name: 'LONGITUDE', type: 'Real' }] },
      fields: new Map([...source.fields, ['longitude', 'LONGITUDE']]),
    };
    expect(hasCentroidFields(withCentroid)).toBe(true);
    expect(schemaSelect(withCentroid)).toMatch(/, "LATITUDE" AS latitude, "LONGITUDE" AS longitude, substr\(/);
  });
});
