import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One month of county files: a draft staff fill and check, then published together. */
@Entity('releases')
export class ReleaseRecord {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** YYYY-MM. */
  @Column({ type: 'char', length: 7, unique: true })
  month: string;

  @Column({ type: 'varchar', length: 10, default: 'draft' })
  status: 'draft' | 'published';

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  publishedAt: Date | null;
}
