import type { ParcelFeature } from './api/parcel-map';
import { selectionCsv, selectionGeoJson } from './selection-export';

const parcel = (id: string, properties: ParcelFeature['properties']): ParcelFeature => ({
  type: 'Feature',
  id,
  geometry: {
    type: 'MultiPolygon',
    coordinates: [
      [
        [
          [-76.6, 39.2],
          [-76.5, 39.2],
          [-76.5, 39.3],
          [-76.6, 39.2],
        ],
      ],
    ],
  },
  properties,
});

describe('a selection exported', () => {
  it('writes one CSV row a parcel, a column a property, and the boundary last', () => {
    const csv = selectionCsv([
      parcel('245101', { parcel_key: '245101', owner_name: 'Lovelace, Ada', assessed_total_value: 1000 }),
      parcel('245102', { parcel_key: '245102', owner_name: null, assessed_total_value: -5 }),
    ]);
    const [header, first, second] = csv.split('\r\n');
    expect(header).toBe('parcel_key,owner_name,assessed_total_value,geometry');
    expect(first.startsWith('245101,"Lovelace, Ada",1000,"{""type"":""MultiPolygon""')).toBe(true);
    expect(second.startsWith('245102,,-5,')).toBe(true);
  });

  it('keeps a spreadsheet from running text that starts like a formula', () => {
    const csv = selectionCsv([
      parcel('1', {
        owner_name: '=HYPERLINK("http://evil.example","click")',
        site_address: '+1 Main',
        zoning: '@SUM(A1)',
        mailing_address: '  =1+1',
      }),
    ]);
    const row = csv.split('\r\n')[1];
    expect(row).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(row).toContain(`'+1 Main`);
    expect(row).toContain(`'@SUM(A1)`);
    // Spaces first do not hide a formula: some spreadsheets skip them.
    expect(row).toContain(`'  =1+1`);
  });

  it('writes GeoJSON as the API answered the parcels', () => {
    const json = JSON.parse(selectionGeoJson([parcel('245101', { parcel_key: '245101' })])) as {
      type: string;
      features: { id: string; properties: object; geometry: { type: string } }[];
    };
    expect(json.type).toBe('FeatureCollection');
    expect(json.features[0]).toMatchObject({ id: '245101', properties: { parcel_key: '245101' } });
    expect(json.features[0].geometry.type).toBe('MultiPolygon');
  });
});
