import { Badge } from '@/components/ui/badge';
import type { PlanCardView } from '../landing-content';

export function PlanCard({ plan }: { plan: PlanCardView }) {
  const titleId = `plan-${plan.key}-title`;
  return (
    <article
      className={plan.popular ? 'card landing-plan landing-plan--popular' : 'card landing-plan'}
      aria-labelledby={titleId}
    >
      {plan.popular && <Badge className="landing-plan__flag">Most Popular</Badge>}
      <h3 id={titleId} className="landing-plan__name">
        {plan.name}
      </h3>
      <p className="muted">{plan.summary}</p>
      <p className="landing-plan__price">
        <span className="landing-plan__amount">{plan.price}</span>
        <span className="landing-plan__period">{plan.period}</span>
      </p>
      <div className="landing-plan__extras">
        {plan.note && <span className="landing-plan__note">{plan.note}</span>}
        {plan.savings && <Badge variant="outline">{plan.savings}</Badge>}
      </div>
      <p>{plan.description}</p>
      <ul className="landing-plan__features">
        {plan.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
    </article>
  );
}
