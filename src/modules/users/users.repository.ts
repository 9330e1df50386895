import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { normalizeEmail } from '../../common/email';
import { User } from './entities/user.entity';

/** What an OpenID provider says about the person signing in. */
export interface SignInClaims {
  issuer: string;
  subject: string;
  email?: string;
  emailVerified: boolean;
  firstName?: string;
  lastName?: string;
  pictureUrl?: string;
}

@Injectable()
export class UsersRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  count(): Promise<number> {
    return this.db.getRepository(User).count();
  }

  /** The user with this email, created if there is none; safe under concurrent calls. */
  async findOrCreateByEmail(db: EntityManager, email: string): Promise<string> {
    const [row] = await db.query<{ id: string }[]>(
      `INSERT INTO users (email) VALUES ($1)
       ON CONFLICT (email) DO UPDATE SET email = EXCLUDED.email
       RETURNING id`,
      [normalizeEmail(email)],
    );
    return row.id;
  }

  async stripeCustomerIdFor(db: EntityManager, email: string): Promise<string | null> {
    const [row] = await db.query<{ stripe_customer_id: string | null }[]>(
      `SELECT stripe_customer_id FROM users WHERE email = $1`,
      [normalizeEmail(email)],
    );
    return row?.stripe_customer_id ?? null;
  }

  async rememberStripeCustomer(db: EntityManager, userId: string, customerId: string | null): Promise<void> {
    if (!customerId) return;
    await db.query(
      `UPDATE users SET stripe_customer_id = $2, updated_at = now() WHERE id = $1 AND stripe_customer_id IS NULL`,
      [userId, customerId],
    );
  }

  /**
   * The user for a sign-in: the one already known by this identity, else —
   * only when the provider has verified the email — the one who bought with
   * that email (so their purchases appear), else a new user. An unverified
   * email is never stored and never links anything.
   */
  async signIn(db: EntityManager, claims: SignInClaims): Promise<string> {
    const email = claims.email && claims.emailVerified ? normalizeEmail(claims.email) : null;
    const profile = [claims.firstName ?? null, claims.lastName ?? null, claims.pictureUrl ?? null];
    // One sign-in per identity at a time.
    await db.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`${claims.issuer} ${claims.subject}`]);

    const [known] = await db.query<{ id: string }[]>(
      `SELECT id FROM users WHERE oidc_issuer = $1 AND oidc_subject = $2`,
      [claims.issuer, claims.subject],
    );
    if (known) {
      await db.query(
        `UPDATE users SET first_name = COALESCE($2, first_name), last_name = COALESCE($3, last_name),
           profile_image_url = COALESCE($4, profile_image_url),
           email = COALESCE(email, (SELECT $5::varchar WHERE NOT EXISTS (SELECT 1 FROM users WHERE email = $5))),
           updated_at = now()
         WHERE id = $1`,
        [known.id, ...profile, email],
      );
      return known.id;
    }
    if (email) {
      // For UPDATE … RETURNING, TypeORM answers [rows, affected count].
      const [[linked]] = await db.query<[{ id: string }[], number]>(
        `UPDATE users SET oidc_issuer = $2, oidc_subject = $3, first_name = COALESCE($4, first_name),
           last_name = COALESCE($5, last_name), profile_image_url = COALESCE($6, profile_image_url), updated_at = now()
         WHERE email = $1 AND oidc_subject IS NULL
         RETURNING id`,
        [email, claims.issuer, claims.subject, ...profile],
      );
      if (linked) return linked.id;
    }
    const [created] = await db.query<{ id: string }[]>(
      `INSERT INTO users (email, oidc_issuer, oidc_subject, first_name, last_name, profile_image_url)
       VALUES ((SELECT $1::varchar WHERE NOT EXISTS (SELECT 1 FROM users WHERE email = $1)), $2, $3, $4, $5, $6)
       RETURNING id`,
      [email, claims.issuer, claims.subject, ...profile],
    );
    return created.id;
  }

  async findProfile(db: EntityManager, userId: string) {
    const [user] = await db.query<unknown[]>(
      `SELECT id, email, first_name AS "firstName", last_name AS "lastName", profile_image_url AS "profileImageUrl"
       FROM users WHERE id = $1`,
      [userId],
    );
    return (user ?? null) as {
      id: string;
      email: string | null;
      firstName: string | null;
      lastName: string | null;
      profileImageUrl: string | null;
    } | null;
  }
}
