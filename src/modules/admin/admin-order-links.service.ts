import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { MailQueue } from '../mail';
import { OrderPageLinks, OrdersRepository } from '../orders';
import { SubscriptionsRepository } from '../subscriptions';
import { AuditLogRepository } from './audit-log.repository';
import { OrderLinksReplacedDto } from './dto/order-links-replaced.dto';

/**
 * Replaces the page links of the order a subscription came from, when one has leaked: every
 * earlier link stops working, and the buyer is emailed a new one. Staff never see the link.
 */
@Injectable()
export class AdminOrderLinksService {
  constructor(
    private readonly subscriptions: SubscriptionsRepository,
    private readonly orders: OrdersRepository,
    private readonly links: OrderPageLinks,
    private readonly mail: MailQueue,
    private readonly auditLog: AuditLogRepository,
  ) {}

  async replace(sessionId: string, subscriptionId: string): Promise<OrderLinksReplacedDto> {
    const subscription = await this.subscriptions.find(subscriptionId);
    if (!subscription) throw new NotFoundException('Subscription not found');
    const itemId = subscription.orderItemId;
    const orderId = itemId && (await this.orders.ordersOfItems([itemId])).get(itemId)?.orderId;
    const order = orderId ? await this.orders.findById(orderId) : null;
    if (!order?.paidAt)
      throw new ConflictException('This subscription came from no paid order, so it has no order link');
    const replacedAt = await this.links.revokeAll(order.id);
    if (!replacedAt) throw new NotFoundException('Order not found');
    await this.auditLog.transaction((db) =>
      this.auditLog.record(db, {
        sessionId,
        action: 'order.links_replaced',
        targetType: 'order',
        targetId: order.id,
        before: { page_links_rotated_at: order.pageLinksRotatedAt?.toISOString() ?? null },
        after: { page_links_rotated_at: replacedAt.toISOString() },
      }),
    );
    await this.mail.queueOrderLink({ orderId: order.id, rotatedAt: replacedAt.toISOString() });
    return { orderId: order.id, replacedAt: replacedAt.toISOString(), emailedTo: order.email };
  }
}
