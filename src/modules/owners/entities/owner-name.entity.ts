import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One spelling an owner is written under, with how many parcels use it: what owner search reads. */
@Entity('owner_names')
export class OwnerNameRecord {
  @PrimaryColumn({ type: 'uuid' })
  ownerId: string;

  @PrimaryColumn({ type: 'text' })
  name: string;

  /** The spelling normalized for search (search-text.ts), indexed by trigrams. */
  @Column({ type: 'text' })
  nameSearch: string;

  @Column({ type: 'integer' })
  parcels: number;
}
