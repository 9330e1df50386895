import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The rollup's single row: how far it has folded events in, and the visitors seen so far. */
@Entity('journey_rollup')
export class JourneyRollup {
  @PrimaryColumn({ type: 'smallint', default: 1 })
  id: number;

  @Column({ type: 'bigint', default: 0 })
  lastEventId: string;

  @Column({ type: 'bigint', default: 0 })
  uniqueVisitors: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  updatedAt: Date;
}

/** Events and distinct visitors per event, as of the last rollup run. */
@Entity('journey_event_totals')
export class JourneyEventTotal {
  @PrimaryColumn({ type: 'varchar', length: 50 })
  event: string;

  @Column({ type: 'bigint', default: 0 })
  events: string;

  @Column({ type: 'bigint', default: 0 })
  visitors: string;
}

/** Every visitor seen, so each is counted once. */
@Entity('journey_visitors')
export class JourneyVisitor {
  @PrimaryColumn({ type: 'uuid' })
  visitorId: string;
}

/** Every (event, visitor) seen, so each visitor counts once per event. */
@Entity('journey_visitor_events')
export class JourneyVisitorEvent {
  @PrimaryColumn({ type: 'varchar', length: 50 })
  event: string;

  @PrimaryColumn({ type: 'uuid' })
  visitorId: string;
}
