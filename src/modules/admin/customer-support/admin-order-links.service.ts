import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { MailQueue } from '../../mail';
import { CustomerOrders, OrderPageLinks } from '../../orders';
import { SubscriptionRecords } from '../../subscriptions';
import { AuditLogRepository } from '../audit/audit-log.repository';
import type { OrderPageLinkDto } from './dto/admin-customers.dto';
import { OrderLinksReplacedDto } from './dto/order-links-replaced.dto';

/**
 * Order-page links as staff handle them: a new one for a customer whose email went astray (staff
 * see it, it expires), or replacing every link of an order when one has leaked (every earlier link
 * stops working, and the buyer is emailed a new one that staff never see).
 */
@Injectable()
export class AdminOrderLinksService {
  constructor(
    private readonly subscriptions: SubscriptionRecords,
    private readonly orders: CustomerOrders,
    private readonly links: OrderPageLinks,
    private readonly mail: MailQueue,
    private readonly auditLog: AuditLogRepository,
  ) {}

  async replace(sessionId: string, subscriptionId: string): Promise<OrderLinksReplacedDto> {
    const subscription = await this.subscriptions.find(subscriptionId);
    if (!subscription) throw new NotFoundException('Subscription not found');
    const itemId = subscription.orderItemId;
    const orderId = itemId && (await this.orders.ofItem(itemId))?.orderId;
    const order = orderId ? await this.orders.find(orderId) : null;
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

  /**
   * A new link to the page of one of the customer's paid orders, for staff to give them (when an email
   * went astray). Audited, as the link opens the customer's files to whoever holds it.
   */
  async orderPageLink(sessionId: string, userId: string, orderId: string): Promise<OrderPageLinkDto> {
    const order = await this.orders.find(orderId);
    if (!order || order.userId !== userId) throw new NotFoundException('Order not found');
    if (!order.paidAt) throw new ConflictException(`Only a paid order has a page; this one is ${order.status}`);
    // Minted and audited together: a link nobody recorded never works, and no entry names a link never made.
    const { page, expiresAt } = await this.auditLog.transaction(async (db) => {
      const link = await this.links.forStaff(db, orderId);
      await this.auditLog.record(db, {
        sessionId,
        action: 'order.page_link_issued',
        targetType: 'order',
        targetId: orderId,
        before: null,
        after: { issued_to: 'staff', expires_at: link.expiresAt.toISOString() },
      });
      return link;
    });
    return { orderId, url: page, expiresAt: expiresAt.toISOString() };
  }
}
