import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** Customer sessions, in the layout connect-pg-simple reads and writes. */
@Entity('sessions')
export class Session {
  @PrimaryColumn({ type: 'varchar', length: 255 })
  sid: string;

  @Column({ type: 'json' })
  sess: Record<string, unknown>;

  @Index()
  @Column({ type: 'timestamptz' })
  expire: Date;
}
