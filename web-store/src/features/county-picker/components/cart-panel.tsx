import { forwardRef, useLayoutEffect, useRef } from 'react';
import { PurchaseType } from '@contracts/plans';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { CartItem } from '@/lib/cart';
import { countOf, formatDollars } from '@web-shared/format';
import { CartLine } from './cart-line';

interface CartPanelProps {
  items: readonly CartItem[];
  total: number;
  onPlanChange: (countyId: string, purchaseType: PurchaseType) => void;
  onRemove: (countyId: string) => void;
  onProceed: () => void;
}

export const CART_HEADING_ID = 'picker-cart-heading';

export const CartPanel = forwardRef<HTMLElement, CartPanelProps>(function CartPanel(
  { items, total, onPlanChange, onRemove, onProceed },
  ref,
) {
  const listRef = useRef<HTMLUListElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // A removed line takes its button with it: focus the next line's remove button, or the heading.
  const refocusLine = useRef<number | null>(null);

  useLayoutEffect(() => {
    const index = refocusLine.current;
    if (index === null) return;
    refocusLine.current = null;
    const lines = listRef.current?.querySelectorAll<HTMLElement>('[data-cart-line]');
    const line = lines && lines.length > 0 ? lines[Math.min(index, lines.length - 1)] : null;
    (line?.querySelector<HTMLElement>('.picker-line__remove') ?? headingRef.current)?.focus();
  }, [items]);

  const remove = (countyId: string, index: number) => {
    refocusLine.current = index;
    onRemove(countyId);
  };

  return (
    <aside ref={ref} className="card picker-cart" id="picker-cart" aria-labelledby={CART_HEADING_ID}>
      <div className="picker-cart__header">
        <h2 id={CART_HEADING_ID} ref={headingRef} tabIndex={-1} className="picker-cart__title">
          Your Cart
        </h2>
        <Badge variant={items.length ? 'default' : 'secondary'} aria-live="polite">
          {countOf(items.length, 'county', 'counties')}
        </Badge>
      </div>

      {items.length === 0 ? (
        <div className="picker-cart__empty">
          <p className="picker-cart__empty-title">Your cart is empty</p>
          <p className="muted">Choose a plan for a county to add it here.</p>
        </div>
      ) : (
        <ul ref={listRef} className="picker-cart__list" aria-label="Counties in your cart">
          {items.map((item, index) => (
            <CartLine key={item.countyId} item={item} index={index} onPlanChange={onPlanChange} onRemove={remove} />
          ))}
        </ul>
      )}

      <dl className="picker-cart__totals">
        <div className="picker-cart__row">
          <dt>Subtotal</dt>
          <dd>{formatDollars(total)}</dd>
        </div>
        <div className="picker-cart__row picker-cart__row--total">
          <dt>Total</dt>
          <dd>{formatDollars(total)}</dd>
        </div>
      </dl>
      <Button size="lg" className="picker-cart__proceed" onClick={onProceed}>
        Proceed to Checkout
      </Button>
    </aside>
  );
});
