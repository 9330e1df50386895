import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { GroupingRule } from '../owner-grouping';

/** One owner of parcels in the store, across counties, as the latest grouping found them. */
@Entity('owners')
export class OwnerRecord {
  /** Stable across groupings: an owner keeps the id most of its parcels had. */
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  /** The spelling the owner is most often written under. */
  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'varchar', length: 6 })
  kind: 'person' | 'entity';

  @Column({ type: 'integer' })
  parcels: number;

  @Column({ type: 'integer' })
  counties: number;

  /** Each rule that joined two of the owner's mentions, and how many joins it made. */
  @Column({ type: 'jsonb' })
  evidence: Partial<Record<GroupingRule, number>>;

  /** Staff split or merged this owner: the grouping follows their decision, not only the rules. */
  @Column({ type: 'boolean', default: false })
  decided: boolean;
}
