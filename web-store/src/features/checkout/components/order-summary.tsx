import { ReactNode } from 'react';
import { planFor } from '@contracts/plans';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { CartItem } from '@/lib/cart';
import { countOf, formatDollars } from '@web-shared/format';
import { PlanExplanation } from './plan-explanation';

export function OrderSummary({
  lines,
  total,
  planChooser,
}: {
  lines: readonly CartItem[];
  total: number;
  planChooser?: ReactNode;
}) {
  return (
    <section className="card checkout-summary" aria-labelledby="checkout-summary-title">
      <div className="checkout-summary__head">
        <h2 id="checkout-summary-title" className="checkout-section-title">
          Order Summary
        </h2>
        <span className="muted">{countOf(lines.length, 'county', 'counties')}</span>
      </div>
      <ul className="checkout-lines" aria-label="Counties in this order">
        {lines.map((line) => (
          <li key={line.countyId} className="checkout-line">
            <div className="checkout-line__place">
              <span className="checkout-line__county">{line.countyName}</span>
              <span className="checkout-line__state muted">{line.state}</span>
            </div>
            <Badge variant={line.purchaseType === 'annual' ? 'default' : 'secondary'}>
              {planFor(line.purchaseType).name}
            </Badge>
            <span className="checkout-line__price">{formatDollars(line.price)}</span>
          </li>
        ))}
      </ul>
      {planChooser}
      <div className="checkout-total">
        <span>Total</span>
        <span className="checkout-total__amount" data-testid="checkout-total">
          {formatDollars(total)}
        </span>
      </div>
      <PlanExplanation />
    </section>
  );
}

/** The summary's shape while the county is looked up, so nothing moves when it arrives. */
export function OrderSummarySkeleton() {
  return (
    <section className="card checkout-summary" aria-labelledby="checkout-summary-title" aria-busy="true">
      <div className="checkout-summary__head">
        <h2 id="checkout-summary-title" className="checkout-section-title">
          Order Summary
        </h2>
      </div>
      <div className="checkout-line">
        <div className="checkout-line__place">
          <Skeleton style={{ width: '9rem', height: '1.25rem' }} />
          <Skeleton style={{ width: '5rem', height: '1rem' }} />
        </div>
        <Skeleton style={{ width: '6.5rem', height: '1.5rem', borderRadius: 999 }} />
        <Skeleton style={{ width: '3.5rem', height: '1.25rem' }} />
      </div>
      <Skeleton className="checkout-skeleton-block" style={{ height: '8.5rem' }} />
      <div className="checkout-total">
        <span>Total</span>
        <Skeleton style={{ width: '4.5rem', height: '1.5rem' }} />
      </div>
      <PlanExplanation />
    </section>
  );
}
