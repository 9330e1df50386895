import { Column, CreateDateColumn, Entity, OneToMany, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity('users')
export class User {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** Stored lower-case, so one mailbox is one customer; null when the sign-in provider has not verified it. */
  @Column({ type: 'varchar', length: 320, unique: true, nullable: true })
  email: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  firstName: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  lastName: string | null;

  @Column({ type: 'varchar', length: 2048, nullable: true })
  profileImageUrl: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  stripeCustomerId: string | null;

  /** The OpenID Connect identity this user signs in with. */
  @Column({ type: 'varchar', length: 500, nullable: true })
  oidcIssuer: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  oidcSubject: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;

  /**
   * For queries that join a user's subscriptions. Named by entity name, not imported: the subscriptions
   * module depends on this one, and two modules never depend on each other.
   */
  @OneToMany('Subscription', 'user')
  subscriptions?: unknown[];
}
