import { PLANS } from '@contracts/plans';
import { formatDollars } from '@web-shared/format';

/** What each plan includes, worded from the shared plan config. */
export function PlanExplanation() {
  const { oneTime, annual } = PLANS;
  return (
    <div className="checkout-plan-info">
      <h3 className="checkout-plan-info__title">What each plan includes</h3>
      <dl>
        <div>
          <dt>
            {oneTime.name}{' '}
            <span className="muted">
              · {oneTime.summary}, {formatDollars(oneTime.price)} per county
            </span>
          </dt>
          <dd>{oneTime.description}</dd>
        </div>
        <div>
          <dt>
            {annual.name}{' '}
            <span className="muted">
              · {annual.summary}, {formatDollars(annual.price)} per county per year (
              {formatDollars(annual.monthlyEquivalent)}/month)
            </span>
          </dt>
          <dd>
            {annual.description} {annual.savings} compared with buying a SnapShot every month.
          </dd>
        </div>
      </dl>
    </div>
  );
}
