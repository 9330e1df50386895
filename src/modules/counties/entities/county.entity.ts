import { Column, CreateDateColumn, DeleteDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity('counties')
export class County {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** 5-digit Census FIPS code; the catalog's natural key. */
  @Column({ type: 'char', length: 5, unique: true })
  fips: string;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  /** Full state name, e.g. "Maryland". */
  @Column({ type: 'varchar', length: 100 })
  state: string;

  @Column({ type: 'char', length: 2 })
  stateCode: string;

  @Column({ type: 'integer', nullable: true })
  population: number | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;

  /** Set when staff take a county out of the catalog; history keeps pointing at it. */
  @DeleteDateColumn({ type: 'timestamptz' })
  deletedAt: Date | null;
}
