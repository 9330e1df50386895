import { PLANS, PurchaseType } from '@contracts/plans';
import type { CartItem } from '@/lib/cart';
import { formatDollars } from '@web-shared/format';
import { CloseIcon } from '@/components/ui/close-icon';

interface CartLineProps {
  item: CartItem;
  index: number;
  onPlanChange: (countyId: string, purchaseType: PurchaseType) => void;
  onRemove: (countyId: string, index: number) => void;
}

const PLAN_OPTIONS = [PLANS.oneTime, PLANS.annual];

export function CartLine({ item, index, onPlanChange, onRemove }: CartLineProps) {
  const place = `${item.countyName}, ${item.state}`;
  const groupLabel = `picker-cart-plan-${item.countyId}`;
  return (
    <li className="picker-line" data-cart-line={index}>
      <div className="picker-line__top">
        <div className="picker-line__place">
          <span className="picker-line__name">{item.countyName}</span>
          <span className="picker-line__state">{item.state}</span>
        </div>
        <span className="picker-line__price">
          {formatDollars(item.price)}
          {item.purchaseType === 'annual' && <span className="picker-line__period">/year</span>}
        </span>
        <button
          type="button"
          className="btn btn--ghost btn--size-icon picker-line__remove"
          aria-label={`Remove ${place} from cart`}
          onClick={() => onRemove(item.countyId, index)}
        >
          <CloseIcon />
        </button>
      </div>
      <span id={groupLabel} className="visually-hidden">
        Plan for {place}
      </span>
      <div className="picker-line__plans" role="radiogroup" aria-labelledby={groupLabel}>
        {PLAN_OPTIONS.map((plan) => (
          <label key={plan.type} className="picker-line__plan">
            <input
              type="radio"
              name={`picker-plan-${item.countyId}`}
              value={plan.type}
              checked={item.purchaseType === plan.type}
              onChange={() => onPlanChange(item.countyId, plan.type)}
            />
            <span>{plan.name}</span>
          </label>
        ))}
      </div>
    </li>
  );
}
