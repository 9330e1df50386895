import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { newTokenSecret, TOKEN_SHAPE, tokenHash, tokenPrefix } from './api-token-secret';
import { ApiTokenRow, ApiTokensRepository } from './api-tokens.repository';
import type { ApiTokenDto, CreatedApiTokenDto, RevokedApiTokenDto } from './dto/api-token.dto';

/** Enough for a script per machine or per job; a customer with more is likely keeping forgotten ones alive. */
export const MAX_LIVE_TOKENS = 10;

/** Who a presented token speaks for, or why it speaks for no one. */
export type TokenCheck =
  { valid: true; tokenId: string; userId: string } | { valid: false; reason: 'malformed' | 'unknown' | 'revoked' };

const toDto = (row: ApiTokenRow): ApiTokenDto => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/** Customers' personal access tokens: made, listed and revoked on the dashboard, checked on every data API call. */
@Injectable()
export class ApiTokensService {
  constructor(private readonly tokens: ApiTokensRepository) {}

  async list(userId: string): Promise<ApiTokenDto[]> {
    return (await this.tokens.listLive(userId)).map(toDto);
  }

  /** A new token; its secret is in this answer and nowhere else. */
  async create(userId: string, name: string): Promise<CreatedApiTokenDto> {
    const token = newTokenSecret();
    // Under the customer's lock, so two creations at once cannot both pass the checks.
    const row = await this.tokens.forCustomer(userId, async (db) => {
      const live = await this.tokens.listLive(userId, db);
      if (live.length >= MAX_LIVE_TOKENS) {
        throw new ConflictException(
          `You have ${live.length} API tokens, the most one account can have. Revoke one you no longer use, then create this one.`,
        );
      }
      if (live.some((t) => t.name.toLowerCase() === name.toLowerCase())) {
        throw new ConflictException(`You already have an API token named "${name}". Give this one another name.`);
      }
      return this.tokens.insert(db, { userId, name, tokenHash: tokenHash(token), prefix: tokenPrefix(token) });
    });
    return { ...toDto(row), token };
  }

  /** Someone else's token answers exactly like one that does not exist. */
  async revoke(userId: string, id: string): Promise<RevokedApiTokenDto> {
    const row = await this.tokens.revoke(userId, id);
    if (!row) throw new NotFoundException('API token not found');
    return { ...toDto(row), revokedAt: row.revokedAt!.toISOString() };
  }

  /** Whose token this is; a use is recorded at most once a minute per token. */
  async check(token: string): Promise<TokenCheck> {
    if (!TOKEN_SHAPE.test(token)) return { valid: false, reason: 'malformed' };
    const found = await this.tokens.findByHash(tokenHash(token));
    if (!found) return { valid: false, reason: 'unknown' };
    if (found.revoked) return { valid: false, reason: 'revoked' };
    if (found.useIsStale) await this.tokens.recordUse(found.id);
    return { valid: true, tokenId: found.id, userId: found.userId };
  }
}
