import { exportChunks } from './portfolio-export';
import type { ExportedParcel } from './owner-portfolio.service';

const parcel: ExportedParcel = {
  owner_id: '0b0e7a52-4f4c-4d7e-9a63-2f0d3c1b5e71',
  parcel_key: '10001P1',
  county_fips: '10001',
  county: 'Kent',
  state: 'DE',
  role: 'owner',
  owner_name: 'ACME HOLDINGS, LLC',
  owner2_name: null,
  mail_address: '100 Market St',
  site_address: '=HYPERLINK("http://example.com")',
  assessed_total_value: -5,
  last_sale_date: '2024-05-17',
  last_sale_price: null,
  geometry: {
    type: 'MultiPolygon',
    coordinates: [
      [
        [
          [-75.5, 39],
          [-75.4, 39],
          [-75.4, 39.1],
          [-75.5, 39],
        ],
      ],
    ],
  },
};

const written = async (format: 'csv' | 'geojson') => {
  let text = '';
  for await (const chunk of exportChunks(
    format,
    (async function* () {
      yield parcel;
    })(),
  ))
    text += chunk;
  return text;
};

describe('a portfolio export', () => {
  it('writes CSV a spreadsheet opens safely: quoted where needed, formulas as text, numbers as numbers', async () => {
    const [header, row, end] = (await written('csv')).split('\r\n');
    expect(header).toBe(
      'owner_id,parcel_key,county_fips,county,state,role,owner_name,owner2_name,mail_address,site_address,' +
        'assessed_total_value,last_sale_date,last_sale_price',
    );
    expect(row).toBe(
      '0b0e7a52-4f4c-4d7e-9a63-2f0d3c1b5e71,10001P1,10001,Kent,DE,owner,"ACME HOLDINGS, LLC",,100 Market St,' +
        `"'=HYPERLINK(""http://example.com"")",-5,2024-05-17,`,
    );
    expect(end).toBe('');
  });

  it('writes a GeoJSON FeatureCollection, a Feature a parcel with its boundary and the same properties', async () => {
    const collection = JSON.parse(await written('geojson')) as { type: string; features: unknown[] };
    expect(collection.type).toBe('FeatureCollection');
    expect(collection.features).toHaveLength(1);
    expect(collection.features[0]).toMatchObject({
      type: 'Feature',
      id: '10001P1',
      geometry: parcel.geometry,
      properties: { parcel_key: '10001P1', site_address: parcel.site_address, owner2_name: null },
    });
  });
});
