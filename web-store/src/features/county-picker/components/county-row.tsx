import { memo } from 'react';
import { PLANS, PurchaseType } from '@contracts/plans';
import { formatDollars } from '@web-shared/format';
import type { PickerCounty } from '../county-filter';

interface CountyRowProps {
  county: PickerCounty;
  index: number;
  onChoose: (county: PickerCounty, purchaseType: PurchaseType, index: number) => void;
}

const CHOICES = [
  { plan: PLANS.oneTime, price: formatDollars(PLANS.oneTime.price), variant: 'outline' },
  { plan: PLANS.annual, price: `${formatDollars(PLANS.annual.price)}/year`, variant: 'default' },
] as const;

/** One county and its plan chooser: choosing a plan is what puts the county in the cart. */
export const CountyRow = memo(function CountyRow({ county, index, onChoose }: CountyRowProps) {
  const place = `${county.name}, ${county.state}`;
  return (
    <li className="picker-row" data-picker-row={index}>
      <div className="picker-row__place">
        <span className="picker-row__name">{county.name}</span>
        <span className="picker-row__state">{county.state}</span>
      </div>
      <div className="picker-row__plans" role="group" aria-label={`Add ${place} to cart`}>
        {CHOICES.map(({ plan, price, variant }) => (
          <button
            key={plan.type}
            type="button"
            className={`btn btn--${variant} picker-row__plan`}
            onClick={() => onChoose(county, plan.type, index)}
          >
            <span className="picker-row__plan-name">{plan.name}</span>{' '}
            <span className="picker-row__plan-price">{price}</span>
            <span className="visually-hidden"> for {place}</span>
          </button>
        ))}
      </div>
    </li>
  );
});
