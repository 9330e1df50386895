import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { MailQueue } from '../../mail';
import { CustomerOrders } from '../../orders';
import { SubscriptionRecords } from '../../subscriptions';
import { AuditLogRepository } from '../audit/audit-log.repository';
import type {
  ReceiptResentDto,
  ResendReceiptDto,
  ResendTrackerEmailDto,
  TrackerEmailResentDto,
} from './dto/admin-customers.dto';

const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** Copies of the emails a customer was sent (a receipt, a County Tracker email), sent again by staff. */
@Injectable()
export class AdminEmailCopiesService {
  constructor(
    private readonly orders: CustomerOrders,
    private readonly subscriptions: SubscriptionRecords,
    private readonly mail: MailQueue,
    private readonly auditLog: AuditLogRepository,
  ) {}

  /**
   * Emails the customer one more copy of a paid order's receipt. The copy's key comes from the request's,
   * so a double click queues and sends it once; it is audited once for the same reason.
   */
  async resendReceipt(
    sessionId: string,
    userId: string,
    orderId: string,
    dto: ResendReceiptDto,
  ): Promise<ReceiptResentDto> {
    const order = await this.orders.find(orderId);
    if (!order || order.userId !== userId) throw new NotFoundException('Order not found');
    if (order.status !== 'paid' || !order.paidAt)
      throw new ConflictException(`Only a paid order has a receipt to send; this one is ${order.status}`);
    await this.auditLog.transaction(async (db) => {
      // One entry per request key: the lock makes a second click wait for the first and then find its entry.
      await db.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`receipt-resend-${dto.idempotencyKey}`]);
      if (await this.auditLog.hasEntry(db, 'order.receipt_resent', orderId, dto.idempotencyKey)) return;
      await this.auditLog.record(db, {
        sessionId,
        action: 'order.receipt_resent',
        targetType: 'order',
        targetId: orderId,
        before: null,
        after: { request: dto.idempotencyKey, emailed_to: order.email },
      });
    });
    await this.mail.queueReceiptCopy(orderId, dto.idempotencyKey);
    return {
      orderId,
      emailedTo: order.email,
      message: `A copy of the receipt is on its way to ${order.email}`,
    };
  }

  /**
   * Emails the customer one more copy of a County Tracker's latest email (the monthly delivery, or
   * the news of a release if that came later). As for receipts, the request's key names the copy,
   * so a double click sends it once, audited once.
   */
  async resendTrackerEmail(
    sessionId: string,
    userId: string,
    subscriptionId: string,
    dto: ResendTrackerEmailDto,
  ): Promise<TrackerEmailResentDto> {
    const subscription = await this.subscriptions.find(subscriptionId, { userId });
    if (!subscription) throw new NotFoundException('Subscription not found');
    if (subscription.purchaseType !== 'annual')
      throw new ConflictException('Only a County Tracker is sent Tracker emails; this is a one-time purchase');
    if (subscription.status !== 'active')
      throw new ConflictException(`Only an active County Tracker is sent its data; this one is ${subscription.status}`);
    const latest = await this.subscriptions.latestTrackerEmail(subscriptionId);
    if (!latest)
      throw new ConflictException('This County Tracker has had no Tracker email yet: there is none to resend');
    // Tracker emails go to the buyer's checkout email, which need not be the account's.
    const itemId = subscription.orderItemId;
    const emailedTo = itemId && (await this.orders.ofItem(itemId))?.email;
    if (!emailedTo) throw new ConflictException('This County Tracker came from no order: its emails have no address');
    const email = await this.auditLog.transaction(async (db) => {
      await db.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`tracker-resend-${dto.idempotencyKey}`]);
      // The same request again copies the email it copied first, even if a newer one was sent meanwhile.
      const earlier = await this.auditLog.afterOfRequest(
        db,
        'subscription.tracker_email_resent',
        subscriptionId,
        dto.idempotencyKey,
      );
      if (earlier)
        return {
          occasion: earlier.occasion as 'monthly' | 'release',
          month: earlier.month as string,
          datasetId: earlier.dataset_id as string,
        };
      await this.auditLog.record(db, {
        sessionId,
        action: 'subscription.tracker_email_resent',
        targetType: 'subscription',
        targetId: subscriptionId,
        before: null,
        after: {
          request: dto.idempotencyKey,
          occasion: latest.occasion,
          month: latest.month,
          dataset_id: latest.datasetId,
          emailed_to: emailedTo,
        },
      });
      return latest;
    });
    await this.mail.queueTrackerCopy(
      email.occasion === 'monthly'
        ? { subscriptionId, month: email.month }
        : { subscriptionId, datasetId: email.datasetId },
      dto.idempotencyKey,
    );
    const what = email.occasion === 'monthly' ? `${monthName(email.month)} County Tracker email` : 'release email';
    return {
      subscriptionId,
      emailedTo,
      occasion: email.occasion,
      message: `A copy of the ${what} is on its way to ${emailedTo}`,
    };
  }
}
