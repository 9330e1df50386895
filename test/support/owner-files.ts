import { gzipSync } from 'node:zlib';
import { squareLot } from './parcel-grid';

const HEADER =
  'parcel_id,county_fips,geometry_wkt,site_address,assessed_total_value,owner_name,owner2_name,mail_address,' +
  'mail_city,mail_state,mail_zip';

/** An owner of a parcel: owner_name, owner2_name ('' for none), and the mailing address (street, city, state, ZIP). */
export type OwnerOfParcel = [name: string, name2: string, mail: string[]];

/**
 * A county file of these owners' parcels: parcel n numbered P-n (parcel_key <fips>P<n>), a lot of a
 * row, assessed at n thousand dollars and one.
 */
export function ownersCountyFile(fips: string, owners: OwnerOfParcel[]): Buffer {
  return gzipSync(
    [
      HEADER,
      ...owners.map(([name, name2, mail], n) =>
        [`P-${n}`, fips, squareLot(-75.5 + n * 0.001, 39, 0.0008), `${n} Main St`, 1000 * n + 1, name, name2, ...mail]
          .map((v) => `"${v}"`)
          .join(','),
      ),
      '',
    ].join('\n'),
  );
}
