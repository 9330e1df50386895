import { ConflictException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { IncomingMessage } from 'node:http';
import { DataSource, EntityManager } from 'typeorm';
import { StripeGateway } from '../../integrations/stripe/stripe.gateway';
import { CountyCatalogService } from '../counties/county-catalog.service';
import { DatasetUploadsService } from '../datasets/dataset-uploads.service';
import { UpdateCountyDto } from './dto/admin.dto';
import { UploadedDatasetDto } from './dto/upload-dataset.dto';

interface Audit {
  sessionId: string;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
}

const COUNTY_COLUMNS = `id, name, state, state_code AS "stateCode", population, fips`;
type CountyColumns = Record<'id' | 'name' | 'state' | 'stateCode' | 'fips', string> & { population: number | null };

/** What staff change, each change recorded in the audit log with the record before and after. */
@Injectable()
export class AdminActionsService {
  private readonly logger = new Logger('AdminActions');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly stripe: StripeGateway,
    private readonly catalog: CountyCatalogService,
    private readonly uploads: DatasetUploadsService,
  ) {}

  /** Ends an active subscription and its renewal. Any other status: 409. */
  async cancelSubscription(sessionId: string, id: string) {
    const result = await this.db.transaction(async (db) => {
      const [before] = await db.query<
        { id: string; status: string; auto_renew: boolean; stripe_subscription_id: string | null }[]
      >(`SELECT id, status, auto_renew, stripe_subscription_id FROM subscriptions WHERE id = $1 FOR UPDATE`, [id]);
      if (!before) throw new NotFoundException('Subscription not found');
      if (before.status !== 'active')
        throw new ConflictException(`Only an active subscription can be cancelled; this one is ${before.status}`);
      await db.query(
        `UPDATE subscriptions SET status = 'cancelled', auto_renew = false, updated_at = now() WHERE id = $1`,
        [id],
      );
      const after = { ...before, status: 'cancelled', auto_renew: false };
      await this.audit(db, {
        sessionId,
        action: 'subscription.cancel',
        targetType: 'subscription',
        targetId: id,
        before,
        after,
      });
      return before;
    });
    if (result.stripe_subscription_id) {
      // The cancellation stands either way; a renewal Stripe did not end now is ended by the billing sweep.
      await this.stripe.cancelSubscription(result.stripe_subscription_id).catch((error: Error) => {
        this.logger.error(`Renewal of cancelled subscription ${id} not ended yet: ${error.message}`);
      });
    }
    return { id, status: 'cancelled' };
  }

  async updateCounty(sessionId: string, id: string, dto: UpdateCountyDto) {
    const county = await this.db.transaction(async (db) => {
      const [before] = await db.query<CountyColumns[]>(
        `SELECT ${COUNTY_COLUMNS} FROM counties WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`,
        [id],
      );
      if (!before) throw new NotFoundException('County not found');
      const [[after]] = await db.query<[CountyColumns[], number]>(
        `UPDATE counties SET name = $2, state = $3, state_code = $4, population = $5, updated_at = now()
         WHERE id = $1 RETURNING ${COUNTY_COLUMNS}`,
        [id, dto.name, dto.state, dto.stateCode, dto.population],
      );
      await this.audit(db, { sessionId, action: 'county.update', targetType: 'county', targetId: id, before, after });
      return after;
    });
    await this.catalog.announceChange();
    return county;
  }

  /** Takes a county off sale; subscriptions, orders and analytics keep its name and state. */
  async removeCounty(sessionId: string, id: string) {
    await this.db.transaction(async (db) => {
      const [before] = await db.query<CountyColumns[]>(
        `SELECT ${COUNTY_COLUMNS} FROM counties WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`,
        [id],
      );
      if (!before) throw new NotFoundException('County not found');
      await db.query(`UPDATE counties SET deleted_at = now(), updated_at = now() WHERE id = $1`, [id]);
      await this.audit(db, {
        sessionId,
        action: 'county.delete',
        targetType: 'county',
        targetId: id,
        before,
        after: null,
      });
    });
    await this.catalog.announceChange();
    return { id, deleted: true };
  }

  /** Stores an uploaded county file (the request body) as the county's release, replacing any before it. */
  async uploadDataset(sessionId: string, countyId: string, release: string, body: IncomingMessage) {
    const dataset = await this.uploads.upload(countyId, release, body, (db, { before, after }) =>
      this.audit(db, {
        sessionId,
        action: 'dataset.upload',
        targetType: 'county_dataset',
        targetId: after.id,
        before,
        after,
      }),
    );
    return UploadedDatasetDto.of(dataset);
  }

  async auditLog(limit = 200) {
    return this.db.query<Record<string, unknown>[]>(
      `SELECT id, admin_session_id AS "adminSessionId", action, target_type AS "targetType", target_id AS "targetId",
              before, after, occurred_at AS "occurredAt"
       FROM audit_log ORDER BY occurred_at DESC, id DESC LIMIT $1`,
      [limit],
    );
  }

  private async audit(db: EntityManager, entry: Audit): Promise<void> {
    await db.query(
      `INSERT INTO audit_log (admin_session_id, action, target_type, target_id, before, after) VALUES ($1, $2, $3, $4, $5, $6)`,
      [
        entry.sessionId,
        entry.action,
        entry.targetType,
        entry.targetId,
        JSON.stringify(entry.before),
        JSON.stringify(entry.after),
      ],
    );
  }
}
