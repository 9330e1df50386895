import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, MoreThan, Repository } from 'typeorm';
import { AdminSession } from './entities/admin-session.entity';

/** Staff sessions, each known only by the hash of its token. */
@Injectable()
export class AdminSessionsRepository {
  private readonly sessions: Repository<AdminSession>;

  constructor(@InjectDataSource() db: DataSource) {
    this.sessions = db.getRepository(AdminSession);
  }

  async create(tokenHash: string, expiresAt: Date): Promise<void> {
    await this.sessions.insert({ token: tokenHash, expiresAt });
  }

  /** The id of the unexpired session with this token hash. */
  async findValid(tokenHash: string): Promise<string | null> {
    const session = await this.sessions.findOne({
      select: { id: true },
      where: { token: tokenHash, expiresAt: MoreThan(new Date()) },
    });
    return session?.id ?? null;
  }

  async delete(id: string): Promise<void> {
    await this.sessions.delete({ id });
  }
}
