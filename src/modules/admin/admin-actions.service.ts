import { ConflictException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import { StripeGateway } from '../../integrations/stripe/stripe.gateway';
import { CountiesRepository, CountyCatalogService } from '../counties';
import { DatasetUploadsService } from '../releases';
import { SubscriptionsRepository } from '../subscriptions';
import { auditActor } from './audit-actor';
import { type AuditFilter, AuditLogRepository } from './audit-log.repository';
import { AuditEntryDto, AuditLogPageDto, AuditLogQueryDto } from './dto/admin-actions.dto';
import { UpdateCountyDto } from './dto/admin.dto';
import { UploadedDatasetDto } from './dto/upload-dataset.dto';

/** What staff change, each change recorded in the audit log with the record before and after. */
@Injectable()
export class AdminActionsService {
  private readonly logger = new Logger('AdminActions');

  constructor(
    private readonly auditLog: AuditLogRepository,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly counties: CountiesRepository,
    private readonly stripe: StripeGateway,
    private readonly catalog: CountyCatalogService,
    private readonly uploads: DatasetUploadsService,
  ) {}

  /** Ends an active subscription and its renewal. Any other status: 409. */
  async cancelSubscription(sessionId: string, id: string) {
    const result = await this.auditLog.transaction(async (db) => {
      const subscription = await this.subscriptions.lock(db, id);
      if (!subscription) throw new NotFoundException('Subscription not found');
      if (subscription.status !== 'active')
        throw new ConflictException(`Only an active subscription can be cancelled; this one is ${subscription.status}`);
      await this.subscriptions.cancel(db, id);
      // The audit log keeps the columns' names, as every entry before this one did.
      const before = {
        id,
        status: subscription.status,
        auto_renew: subscription.autoRenew,
        stripe_subscription_id: subscription.stripeSubscriptionId,
      };
      const after = { ...before, status: 'cancelled', auto_renew: false };
      await this.auditLog.record(db, {
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
    const county = await this.auditLog.transaction(async (db) => {
      const before = await this.counties.lockOnSale(db, id);
      if (!before) throw new NotFoundException('County not found');
      const after = await this.counties.update(db, id, dto);
      await this.auditLog.record(db, {
        sessionId,
        action: 'county.update',
        targetType: 'county',
        targetId: id,
        before,
        after,
      });
      return after;
    });
    await this.catalog.announceChange();
    return county;
  }

  /** Takes a county off sale; subscriptions, orders and analytics keep its name and state. */
  async removeCounty(sessionId: string, id: string) {
    await this.auditLog.transaction(async (db) => {
      const before = await this.counties.lockOnSale(db, id);
      if (!before) throw new NotFoundException('County not found');
      await this.counties.remove(db, id);
      await this.auditLog.record(db, {
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
      this.auditLog.record(db, {
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

  /** The entries the query asks for: one page of them with the count of all that match, or the latest 200. */
  async auditEntries(query: AuditLogQueryDto): Promise<AuditLogPageDto | AuditEntryDto[]> {
    const paged = query.page !== undefined && query.pageSize !== undefined;
    const page = paged
      ? { offset: (query.page! - 1) * query.pageSize!, limit: query.pageSize! }
      : { offset: 0, limit: 200 };
    const { rows, total } = await this.auditLog.find(auditFilter(query), page);
    const items = rows.map((row) => ({
      id: row.id,
      adminSessionId: row.adminSessionId,
      actor: auditActor(row),
      signInMethod: row.signInMethod,
      ipAddress: row.ipAddress,
      userAgent: row.userAgent,
      action: row.action,
      targetType: row.targetType,
      targetId: row.targetId,
      before: row.before,
      after: row.after,
      occurredAt: row.occurredAt,
    }));
    return paged ? { items, total, page: query.page!, pageSize: query.pageSize! } : items;
  }
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The query's filters as moments: a date alone is its whole UTC day, so "to" a date includes that day. */
function auditFilter(query: AuditLogQueryDto): AuditFilter {
  const moment = (value: string) => new Date(DATE_ONLY.test(value) ? `${value}T00:00:00Z` : value);
  const before = query.to
    ? DATE_ONLY.test(query.to)
      ? new Date(moment(query.to).getTime() + 24 * 3600 * 1000)
      : new Date(moment(query.to).getTime() + 1)
    : undefined;
  return {
    action: query.action,
    staff: query.staff,
    from: query.from ? moment(query.from) : undefined,
    before,
    targetType: query.targetType,
    targetId: query.targetId,
  };
}
