import { memo } from 'react';
import type { PurchaseType } from '@contracts/plans';
import { CountyDetailsButton } from '@/components/county-details/county-details-button';
import { PLAN_OFFERS } from '@/lib/plan-offers';
import type { PickerCounty } from '../county-filter';

interface CountyRowProps {
  county: PickerCounty;
  index: number;
  onChoose: (county: PickerCounty, purchaseType: PurchaseType, index: number) => void;
}

/**
 * One county and its plan chooser: choosing a plan is what puts the county in the cart. "What you
 * get" opens the county's panel, whose plan buttons choose exactly as the row's own do.
 */
export const CountyRow = memo(function CountyRow({ county, index, onChoose }: CountyRowProps) {
  const place = `${county.name}, ${county.state}`;
  return (
    <li className="picker-row" data-picker-row={index}>
      <div className="picker-row__place">
        <span className="picker-row__name">{county.name}</span>
        <span className="county-details-meta">
          <span className="picker-row__state">{county.state}</span>
          <CountyDetailsButton
            county={county}
            plans={{ kind: 'cart', choose: (purchaseType) => onChoose(county, purchaseType, index) }}
          />
        </span>
      </div>
      <div className="picker-row__plans" role="group" aria-label={`Add ${place} to cart`}>
        {PLAN_OFFERS.map(({ plan, price, variant }) => (
          <button
            key={plan.type}
            type="button"
            className={`btn btn--${variant} btn--plan picker-row__plan`}
            onClick={() => onChoose(county, plan.type, index)}
          >
            <span>{plan.name}</span> <span className="btn__plan-price">{price}</span>
            <span className="visually-hidden"> for {place}</span>
          </button>
        ))}
      </div>
    </li>
  );
});
