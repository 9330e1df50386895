import { useState } from 'react';
import { PLANS, PurchaseType } from '@contracts/plans';
import { countOf } from '@web-shared/format';
import { Button } from '@/components/ui/button';
import { Label, Select } from '@/components/ui/field';
import { PLAN_OFFERS } from '@/lib/plan-offers';

interface AddStateCountiesProps {
  state: string;
  /** The state's counties not in the cart yet. */
  remaining: number;
  onAdd: (purchaseType: PurchaseType) => void;
}

/** With a state chosen: every county of it not in the cart yet, in one go, with one plan. */
export function AddStateCounties({ state, remaining, onAdd }: AddStateCountiesProps) {
  const [plan, setPlan] = useState<PurchaseType>(PLANS.annual.type);
  return (
    <div className="picker-bulk">
      <div className="picker-bulk__field">
        <Label htmlFor="picker-bulk-plan">Plan for each</Label>
        <Select
          id="picker-bulk-plan"
          value={plan}
          disabled={remaining === 0}
          onChange={(event) => setPlan(event.target.value as PurchaseType)}
        >
          {PLAN_OFFERS.map(({ plan, price }) => (
            <option key={plan.type} value={plan.type}>
              {`${plan.name} - ${price}`}
            </option>
          ))}
        </Select>
      </div>
      <Button
        variant="outline"
        className="picker-bulk__add"
        disabled={remaining === 0}
        aria-describedby="picker-bulk-note"
        onClick={() => onAdd(plan)}
      >
        Add all counties in {state}
      </Button>
      <p id="picker-bulk-note" className="picker-bulk__note">
        {remaining === 0
          ? `Every county in ${state} is in your cart.`
          : `${countOf(remaining, 'county', 'counties')} not in your cart yet.`}
      </p>
    </div>
  );
}
