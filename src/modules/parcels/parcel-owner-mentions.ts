import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Pool } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { copyRowBatches } from '../../database/copy-text';
import type { OwnerMentionSource, ParcelOwnerMention } from '../owners';

/**
 * The owners named on the store's parcels, for owner grouping: each parcel's owner_name and
 * owner2_name with its mailing address, streamed (COPY) rather than read whole, and a digest of the
 * loads that changes whenever a county's parcels do.
 */
@Injectable()
export class ParcelOwnerMentions implements OwnerMentionSource {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async fingerprint(): Promise<string> {
    const [{ digest }] = await this.db.query<{ digest: string }[]>(
      `SELECT md5(coalesce(string_agg(county_id::text || sha256, ',' ORDER BY county_id), '')) AS digest
       FROM parcel_loads`,
    );
    return digest;
  }

  async *mentions(): AsyncGenerator<ParcelOwnerMention[]> {
    const client = await ((this.db.driver as PostgresDriver).master as Pool).connect();
    let read = false;
    // A connection lost while the reader is busy elsewhere is told here, not thrown; the COPY fails with it.
    const lost = () => (read = false);
    client.on('error', lost);
    try {
      const copy = client.query(
        copyTo(
          `COPY (
             SELECT parcel_key, record_number, state, county_id, fields->>'owner_name', fields->>'owner2_name',
               fields->>'mail_address', fields->>'mail_city', fields->>'mail_state', fields->>'mail_zip'
             FROM parcels WHERE fields ?| ARRAY['owner_name', 'owner2_name']
           ) TO STDOUT`,
        ),
      );
      for await (const rows of copyRowBatches(copy)) {
        const mentions: ParcelOwnerMention[] = [];
        for (const [parcelKey, recordNumber, state, countyId, owner, owner2, address, city, mailState, zip] of rows) {
          const mail = { address: address ?? '', city: city ?? '', state: mailState ?? '', zip: zip ?? '' };
          const parcel = {
            parcelKey: parcelKey!,
            recordNumber: Number(recordNumber),
            state: state!,
            countyId: countyId!,
            mail,
          };
          if (owner) mentions.push({ ...parcel, slot: 1, name: owner });
          if (owner2) mentions.push({ ...parcel, slot: 2, name: owner2 });
        }
        yield mentions;
      }
      read = true;
    } finally {
      client.off('error', lost);
      // A COPY left unread (a failure, a reader that stopped) leaves the connection unusable: closed, not pooled.
      client.release(read ? undefined : new Error('owner mentions not read to the end'));
    }
  }
}
