import { Link } from 'react-router-dom';
import { PLANS } from '@contracts/plans';
import { ButtonLink } from '@/components/ui/button';
import { snapshotCard, trackerCard } from '../landing-content';
import { PlanCard } from './plan-card';

const CARDS = [snapshotCard(PLANS.oneTime), trackerCard(PLANS.annual)];

export function PricingSection() {
  return (
    <section id="pricing" className="landing-section landing-section--alt" aria-labelledby="pricing-title">
      <div className="container">
        <div className="landing-section__head">
          <h2 id="pricing-title">Simple Per-County Pricing</h2>
          <p className="muted">One flat price per county, whatever its size. Choose a plan for each county you buy.</p>
        </div>
        <div className="landing-plans">
          {CARDS.map((card) => (
            <PlanCard key={card.key} plan={card} />
          ))}
        </div>
        <p className="landing-plans__saving muted">
          {PLANS.annual.savings} compared with buying a {PLANS.oneTime.name} every month.
        </p>
        <div className="landing-pricing__actions">
          <ButtonLink to="/select-counties" size="lg">
            Pick Your Counties Now
          </ButtonLink>
          <p className="landing-schema">
            <a href="/data-schema.pdf" download>
              Download the data schema (PDF)
            </a>
            {' or '}
            <Link to="/schema">see the fields and changelog online</Link>.
            <span className="muted"> Field availability varies by county.</span>
          </p>
        </div>
      </div>
    </section>
  );
}
