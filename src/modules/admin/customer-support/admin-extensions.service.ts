import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { formatDate } from '../../../common/dates';
import { StripeGateway } from '../../../integrations/stripe/stripe.gateway';
import { SubscriptionRecords } from '../../subscriptions';
import { AuditLogRepository } from '../audit/audit-log.repository';
import type { ExtendSubscriptionDto, SubscriptionExtendedDto } from './dto/admin-customers.dto';

/** Stripe's longest trial, which is how a renewal is moved later: no period may end further ahead. */
const FURTHEST_RENEWAL_DAYS = 730;
const DAY_MS = 24 * 3600 * 1000;

/** More time on a customer's subscription, given by staff. */
@Injectable()
export class AdminExtensionsService {
  constructor(
    private readonly subscriptions: SubscriptionRecords,
    private readonly stripe: StripeGateway,
    private readonly auditLog: AuditLogRepository,
  ) {}

  /**
   * Gives an active subscription more time: its period ends that much later, and its Stripe renewal
   * charges that much later with nothing charged or credited for the time added. The subscription
   * stays locked from the check to the audit entry, so a second click with the same key finds the
   * first's entry and answers with it, extending nothing more.
   */
  async extendSubscription(
    sessionId: string,
    userId: string,
    subscriptionId: string,
    dto: ExtendSubscriptionDto,
  ): Promise<SubscriptionExtendedDto> {
    const by = `${dto.count} ${dto.unit === 'days' ? 'day' : 'month'}${dto.count === 1 ? '' : 's'}`;
    const answer = (previous: Date, until: Date, renewalMoved: boolean): SubscriptionExtendedDto => ({
      subscriptionId,
      previousExpirationDate: previous.toISOString(),
      expirationDate: until.toISOString(),
      renewalMoved,
      message: `Extended by ${by}: now runs until ${formatDate(until)}`,
    });
    return this.auditLog.transaction(async (db) => {
      const subscription = await this.subscriptions.lock(db, subscriptionId, { userId });
      if (!subscription) throw new NotFoundException('Subscription not found');
      const earlier = await this.auditLog.afterOfRequest(db, 'subscription.extend', subscriptionId, dto.idempotencyKey);
      if (earlier) {
        // A key names one extension: sent again with other values it is a mistake, not a new request.
        if (earlier.extended_by !== by)
          throw new ConflictException(
            `This request already extended it by ${String(earlier.extended_by)}; another extension needs a new request`,
          );
        return answer(
          new Date(earlier.previous_expiration_date as string),
          new Date(earlier.expiration_date as string),
          earlier.renewal_moved as boolean,
        );
      }
      if (subscription.status !== 'active' || !subscription.expirationDate)
        throw new ConflictException(
          subscription.expirationDate
            ? `Only an active subscription can be extended; this one is ${subscription.status}`
            : 'A one-time purchase has no end to move',
        );
      const previous = new Date(subscription.expirationDate);
      const until = await this.subscriptions.extendBy(db, subscriptionId, dto);
      const furthest = new Date(Date.now() + FURTHEST_RENEWAL_DAYS * DAY_MS);
      if (until > furthest)
        throw new BadRequestException(
          `Extending by ${by} would run it until ${formatDate(until)}; a subscription can run at most ` +
            `${FURTHEST_RENEWAL_DAYS} days ahead (until ${formatDate(furthest)})`,
        );
      if (until.getTime() <= Date.now())
        throw new BadRequestException(
          `Extending by ${by} would still end it in the past (${formatDate(until)}); give it more time`,
        );
      const renewalMoved =
        !!subscription.stripeSubscriptionId &&
        (await this.stripe.moveRenewal(
          subscription.stripeSubscriptionId,
          until,
          `admin-extend-${subscriptionId}-${dto.idempotencyKey}`,
        ));
      await this.auditLog.record(db, {
        sessionId,
        action: 'subscription.extend',
        targetType: 'subscription',
        targetId: subscriptionId,
        before: { expiration_date: previous.toISOString(), stripe_subscription_id: subscription.stripeSubscriptionId },
        after: {
          request: dto.idempotencyKey,
          extended_by: by,
          previous_expiration_date: previous.toISOString(),
          expiration_date: until.toISOString(),
          renewal_moved: renewalMoved,
        },
      });
      return answer(previous, until, renewalMoved);
    });
  }
}
