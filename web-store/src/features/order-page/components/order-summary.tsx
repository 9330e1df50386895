import { Badge } from '@/components/ui/badge';
import { formatDate, formatDollars } from '@web-shared/format';
import type { Order } from '../api/order';
import { orderStatusBadge } from '../order-view';

export function OrderSummary({ order }: { order: Order }) {
  const badge = orderStatusBadge(order.status);
  return (
    <section className="card order-summary" aria-labelledby="order-summary-title">
      <h2 id="order-summary-title" className="order-section-title">
        Order details
      </h2>
      <dl className="order-facts order-facts--summary">
        <div>
          <dt>Order date</dt>
          <dd>{formatDate(order.paidAt)}</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd className="order-facts__email">{order.email}</dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd>{formatDollars(order.totalAmount)}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <Badge variant={badge.variant}>{badge.label}</Badge>
          </dd>
        </div>
      </dl>
      {order.status === 'refunded' && (
        <p className="order-summary__note">This order was refunded. Its files can no longer be downloaded.</p>
      )}
    </section>
  );
}
