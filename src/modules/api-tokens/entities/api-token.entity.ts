import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { User } from '../../users';

/** A customer's personal access token for the data API; the secret itself is never stored. */
@Entity('api_tokens')
@Unique('api_tokens_hash', ['tokenHash'])
export class ApiToken {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  /** SHA-256 of the token, hex. */
  @Column({ type: 'char', length: 64 })
  tokenHash: string;

  /** The first characters of the token, shown on the dashboard so its owner can tell tokens apart. */
  @Column({ type: 'varchar', length: 16 })
  prefix: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  /** Updated at most once a minute per token (see ApiTokensRepository.recordUse). */
  @Column({ type: 'timestamptz', nullable: true })
  lastUsedAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  revokedAt: Date | null;
}
