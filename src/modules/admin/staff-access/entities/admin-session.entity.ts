import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { StaffRole } from '../staff-role';

/** How staff signed in: the shared break-glass password, or as a named person through the OpenID provider. */
export type AdminSignInMethod = 'password' | 'staff-account';

/**
 * A staff sign-in. Only a hash of the bearer token is stored. Rows are kept after logout (revokedAt
 * set) and expiry: the audit log names the session behind each entry, and through it the person.
 */
@Entity('admin_sessions')
export class AdminSession {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** SHA-256 of the token, hex. */
  @Column({ type: 'varchar', length: 64, unique: true })
  token: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column({ type: 'timestamptz' })
  expiresAt: Date;

  /** When logout ended the session; null while it may still be used. */
  @Column({ type: 'timestamptz', nullable: true })
  revokedAt: Date | null;

  @Column({ type: 'varchar', length: 20, default: 'password' })
  signInMethod: AdminSignInMethod;

  /** The provider's issuer and subject ("issuer#sub") of a named staff sign-in. */
  @Column({ type: 'varchar', length: 300, nullable: true })
  staffSubject: string | null;

  @Column({ type: 'varchar', length: 320, nullable: true })
  staffEmail: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  staffName: string | null;

  /** What the session may do: the password is admin; a named person's groups decide, checked again every 15 minutes. */
  @Column({ type: 'varchar', length: 20, default: 'admin' })
  role: StaffRole;

  /** The provider's tokens of a named sign-in, sealed (ProviderTokenSeal), to re-check the person's groups. */
  @Column({ type: 'text', nullable: true })
  providerTokens: string | null;

  /** When the person's groups were last confirmed with the provider; null for the password. */
  @Column({ type: 'timestamptz', nullable: true })
  groupsCheckedAt: Date | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  ipAddress: string | null;

  @Column({ type: 'varchar', length: 300, nullable: true })
  userAgent: string | null;
}
