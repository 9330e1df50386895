import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One spelling an owner is written under in one county, with how many parcels use it there: what
 * owner search reads (by county, so that a customer's search stays in their counties).
 */
@Entity('owner_names')
export class OwnerNameRecord {
  @PrimaryColumn({ type: 'uuid' })
  ownerId: string;

  @PrimaryColumn({ type: 'uuid' })
  countyId: string;

  @PrimaryColumn({ type: 'text' })
  name: string;

  /** The spelling normalized for search (search-text.ts), indexed by trigrams. */
  @Column({ type: 'text' })
  nameSearch: string;

  @Column({ type: 'integer' })
  parcels: number;
}
