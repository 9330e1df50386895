import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { formatDollars } from '../../../common/money';
import { StripeGateway } from '../../../integrations/stripe/stripe.gateway';
import { CustomerOrders, isSettled } from '../../orders';
import { AuditLogRepository } from '../audit/audit-log.repository';
import type { OrderRefundedDto, RefundOrderDto } from './dto/admin-customers.dto';

/** What Stripe has refunded of a payment, and is refunding: every refund but the failed and cancelled. */
export async function refundedCents(stripe: StripeGateway, paymentIntentId: string): Promise<number> {
  return (await liveRefunds(stripe, paymentIntentId)).reduce((sum, r) => sum + r.amount, 0);
}

async function liveRefunds(stripe: StripeGateway, paymentIntentId: string) {
  return (await stripe.listRefunds(paymentIntentId)).filter((r) => r.status !== 'failed' && r.status !== 'canceled');
}

/**
 * Staff refunds of a customer's paid orders. Stripe is the record of what was refunded, and its
 * webhook writes the ledger as for any refund; money stays in cents.
 */
@Injectable()
export class AdminRefundsService {
  constructor(
    private readonly orders: CustomerOrders,
    private readonly stripe: StripeGateway,
    private readonly auditLog: AuditLogRepository,
  ) {}

  /**
   * Refunds part or all of one of the customer's paid orders at Stripe. The order stays locked from the
   * check of what is refundable to the audit entry, so two clicks never refund twice: the second finds
   * the first's refund by its key and answers with it, recording nothing more.
   */
  async refund(sessionId: string, userId: string, orderId: string, dto: RefundOrderDto): Promise<OrderRefundedDto> {
    const key = `admin-refund-${orderId}-${dto.idempotencyKey}`;
    return this.auditLog.transaction(async (db) => {
      const order = await this.orders.lock(db, orderId);
      if (!order || order.userId !== userId) throw new NotFoundException('Order not found');
      if (!order.stripePaymentIntentId || !isSettled(order.status))
        throw new ConflictException(`Only a paid order can be refunded; this one is ${order.status}`);
      const refunds = await liveRefunds(this.stripe, order.stripePaymentIntentId);
      const refunded = refunds.reduce((sum, r) => sum + r.amount, 0);
      const earlier = refunds.find((r) => r.metadata?.admin_request === key);
      if (earlier) {
        // A key names one refund: sent again with another amount it is a mistake, not a new request.
        if (earlier.amount !== dto.amountCents)
          throw new ConflictException(
            `This request already refunded ${formatDollars(earlier.amount)}; another refund needs a new request`,
          );
        // Stripe made the refund but its answer was lost, so the first attempt rolled back before its entry:
        // the retry records it, once (the order's lock keeps a parallel retry waiting until this one commits).
        if (!(await this.auditLog.hasEntryWith(db, 'order.refund', order.id, 'stripe_refund_id', earlier.id)))
          await this.auditLog.record(db, {
            sessionId,
            action: 'order.refund',
            targetType: 'order',
            targetId: order.id,
            before: { amount_cents: order.amountCents, refunded_cents: refunded - earlier.amount },
            after: { amount_cents: order.amountCents, refunded_cents: refunded, stripe_refund_id: earlier.id },
          });
        return this.refunded(order.id, earlier.id, earlier.amount, order.amountCents - refunded);
      }
      const refundable = order.amountCents - refunded;
      if (refundable <= 0) throw new ConflictException('This order is already refunded in full');
      if (dto.amountCents > refundable)
        throw new BadRequestException(
          `amountCents must be at most ${refundable}: only ${formatDollars(refundable)} of this order is refundable`,
        );
      const refund = await this.stripe.createRefund(order.stripePaymentIntentId, dto.amountCents, key);
      await this.auditLog.record(db, {
        sessionId,
        action: 'order.refund',
        targetType: 'order',
        targetId: order.id,
        before: { amount_cents: order.amountCents, refunded_cents: refunded },
        after: {
          amount_cents: order.amountCents,
          refunded_cents: refunded + refund.amount,
          stripe_refund_id: refund.id,
        },
      });
      return this.refunded(order.id, refund.id, refund.amount, refundable - refund.amount);
    });
  }

  private refunded(orderId: string, refundId: string, amountCents: number, refundableCents: number): OrderRefundedDto {
    return {
      orderId,
      refundId,
      amountCents,
      refundableCents,
      message: `Refunded ${formatDollars(amountCents)} of order ${orderId.slice(0, 8)}`,
    };
  }
}
