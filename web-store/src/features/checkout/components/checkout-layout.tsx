import { ReactNode, useEffect, useRef, useState } from 'react';
import { trackEvent } from '@/lib/journey';
import { PaymentIntentCreated } from '../api/checkout-api';
import { Order } from '../checkout-rules';
import { OrderSummary, OrderSummarySkeleton } from './order-summary';
import { PaymentPanel } from './payment-panel';

/** Summary beside payment on a desktop, one above the other on a phone. */
export function CheckoutLayout({
  order,
  afterPurchase,
  planChooser,
}: {
  order: Order;
  afterPurchase: () => void;
  planChooser?: (locked: boolean) => ReactNode;
}) {
  // Once a payment is opened, the order it was priced for is fixed until the buyer presses Change.
  const [intent, setIntent] = useState<PaymentIntentCreated | null>(null);
  useCheckoutView(order);

  return (
    <div className="checkout__grid">
      {order.status === 'ok' ? (
        <OrderSummary lines={order.lines} total={order.total} planChooser={planChooser?.(intent !== null)} />
      ) : (
        <OrderSummarySkeleton />
      )}
      <PaymentPanel order={order} intent={intent} onIntent={setIntent} afterPurchase={afterPurchase} />
    </div>
  );
}

/** docs/store-spec.md §7: checkout_view once per visit, with the order as first shown. */
function useCheckoutView(order: Order) {
  const recorded = useRef(false);
  useEffect(() => {
    if (order.status !== 'ok' || recorded.current) return;
    recorded.current = true;
    trackEvent('checkout_view', { cartSize: order.lines.length, totalAmount: order.total });
  }, [order]);
}
