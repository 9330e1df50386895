import { Column, CreateDateColumn, Entity, OneToMany, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
// A type only: the subscription entity imports this one, and the relation names its target by entity name.
import type { Subscription } from '../../subscriptions/entities/subscription.entity';

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

  @OneToMany('Subscription', (subscription: Subscription) => subscription.user)
  subscriptions?: Subscription[];
}
