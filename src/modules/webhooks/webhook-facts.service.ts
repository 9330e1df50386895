import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { InjectDataSource } from '@nestjs/typeorm';
import { UsersRepository } from '../users';

/** What an email about an endpoint says: where it points, why it was disabled, and whom to tell. */
export interface DisabledEndpointFacts {
  url: string;
  reason: string;
  disabledAt: Date;
  email: string | null;
}

/** Reads what the store's emails say of webhook endpoints. */
@Injectable()
export class WebhookFacts {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly users: UsersRepository,
  ) {}

  /** A disabled endpoint (null once enabled again or deleted). */
  async disabled(endpointId: string): Promise<DisabledEndpointFacts | null> {
    const [endpoint] = await this.db.query<{ userId: string; url: string; reason: string; disabledAt: Date }[]>(
      `SELECT user_id AS "userId", url, disabled_reason AS reason, disabled_at AS "disabledAt"
       FROM webhook_endpoints WHERE id = $1 AND disabled_at IS NOT NULL`,
      [endpointId],
    );
    if (!endpoint) return null;
    const profile = await this.users.findProfile(this.db.manager, endpoint.userId);
    return {
      url: endpoint.url,
      reason: endpoint.reason,
      disabledAt: endpoint.disabledAt,
      email: profile?.email ?? null,
    };
  }
}
