import { PLANS, PurchaseType } from '@contracts/plans';
import { formatDollars } from '@web-shared/format';

const CHOICES = [PLANS.annual, PLANS.oneTime];

/** The plan of a single-county checkout; fixed once the payment is opened (Change unlocks it). */
export function PlanChooser({
  value,
  onChange,
  disabled,
}: {
  value: PurchaseType;
  onChange: (plan: PurchaseType) => void;
  disabled: boolean;
}) {
  return (
    <fieldset className="checkout-plans" disabled={disabled}>
      <legend className="checkout-plans__legend">Choose your plan</legend>
      {CHOICES.map((plan) => (
        <label key={plan.type} className="checkout-plan-option">
          <input
            type="radio"
            name="checkout-plan"
            value={plan.type}
            checked={value === plan.type}
            onChange={() => onChange(plan.type)}
          />
          <span className="checkout-plan-option__text">
            <span className="checkout-plan-option__name">{plan.name}</span>
            <span className="muted">
              {plan.summary} · {formatDollars(plan.price)}
              {plan.type === 'annual' ? ' per year' : ''}
            </span>
          </span>
        </label>
      ))}
      {disabled && <p className="checkout-plans__hint muted">To pick another plan, press Change beside your email.</p>}
    </fieldset>
  );
}
