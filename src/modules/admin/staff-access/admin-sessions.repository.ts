import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, IsNull, MoreThan, Repository } from 'typeorm';
import { sessionActor } from '../audit/audit-actor';
import { AdminSession, AdminSignInMethod } from './entities/admin-session.entity';
import type { StaffRole } from './staff-role';

/** Who signed in and from where: a person through the OpenID provider, or nobody named (the password). */
export interface NewAdminSession {
  tokenHash: string;
  expiresAt: Date;
  method: AdminSignInMethod;
  staff?: { subject: string; email: string | null; name: string | null };
  role: StaffRole;
  /** Sealed provider tokens of a named sign-in. */
  providerTokens?: string | null;
  ipAddress: string | null;
  userAgent: string | null;
}

export type ValidAdminSession = Pick<
  AdminSession,
  'id' | 'role' | 'signInMethod' | 'providerTokens' | 'groupsCheckedAt'
>;

/** Staff sessions, each known only by the hash of its token. Never deleted: the audit log names them. */
@Injectable()
export class AdminSessionsRepository {
  private readonly sessions: Repository<AdminSession>;

  constructor(@InjectDataSource() db: DataSource) {
    this.sessions = db.getRepository(AdminSession);
  }

  /** The new session's id. */
  async create(db: EntityManager, session: NewAdminSession): Promise<string> {
    const result = await db.insert(AdminSession, {
      token: session.tokenHash,
      expiresAt: session.expiresAt,
      signInMethod: session.method,
      staffSubject: session.staff?.subject ?? null,
      staffEmail: session.staff?.email ?? null,
      staffName: session.staff?.name ?? null,
      role: session.role,
      providerTokens: session.providerTokens ?? null,
      groupsCheckedAt: session.staff ? new Date() : null,
      ipAddress: session.ipAddress,
      userAgent: session.userAgent,
    });
    return (result.identifiers[0] as { id: string }).id;
  }

  /** Who signed in to each of these sessions, as the audit log names them. */
  async actorsOf(ids: string[]): Promise<Map<string, string>> {
    const sessions = ids.length === 0 ? [] : await this.sessions.find({ where: { id: In([...new Set(ids)]) } });
    return new Map(sessions.map((session) => [session.id, sessionActor(session) ?? 'Unknown']));
  }

  /** The unexpired, unrevoked session with this token hash: its id, role, and what its re-check needs. */
  findValid(tokenHash: string): Promise<ValidAdminSession | null> {
    return this.sessions.findOne({
      select: { id: true, role: true, signInMethod: true, providerTokens: true, groupsCheckedAt: true },
      where: { token: tokenHash, expiresAt: MoreThan(new Date()), revokedAt: IsNull() },
    });
  }

  /** Records a fresh confirmation of the person's groups: their role now, and the tokens (renewed or not). */
  async confirmGroups(db: EntityManager, id: string, role: StaffRole, providerTokens: string): Promise<void> {
    await db.update(
      AdminSession,
      { id, revokedAt: IsNull() },
      { role, providerTokens, groupsCheckedAt: () => 'now()' },
    );
  }

  /** Ends a session for good; false when it had already ended. */
  async revoke(db: EntityManager, id: string): Promise<boolean> {
    const result = await db.update(AdminSession, { id, revokedAt: IsNull() }, { revokedAt: () => 'now()' });
    return (result.affected ?? 0) > 0;
  }
}
