import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, IsNull, MoreThan, Repository } from 'typeorm';
import { AdminSession, AdminSignInMethod } from './entities/admin-session.entity';

/** Who signed in and from where: a person through the OpenID provider, or nobody named (the password). */
export interface NewAdminSession {
  tokenHash: string;
  expiresAt: Date;
  method: AdminSignInMethod;
  staff?: { subject: string; email: string | null; name: string | null };
  ipAddress: string | null;
  userAgent: string | null;
}

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
      ipAddress: session.ipAddress,
      userAgent: session.userAgent,
    });
    return (result.identifiers[0] as { id: string }).id;
  }

  /** The id of the unexpired, unrevoked session with this token hash. */
  async findValid(tokenHash: string): Promise<string | null> {
    const session = await this.sessions.findOne({
      select: { id: true },
      where: { token: tokenHash, expiresAt: MoreThan(new Date()), revokedAt: IsNull() },
    });
    return session?.id ?? null;
  }

  /** Ends a session for good; false when it had already ended. */
  async revoke(db: EntityManager, id: string): Promise<boolean> {
    const result = await db.update(AdminSession, { id, revokedAt: IsNull() }, { revokedAt: () => 'now()' });
    return (result.affected ?? 0) > 0;
  }
}
