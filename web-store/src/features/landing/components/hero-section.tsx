import { ButtonAnchor, ButtonLink } from '@/components/ui/button';

const HIGHLIGHTS = [
  { value: '3,000+', label: 'U.S. counties' },
  { value: '250+', label: 'data fields per county' },
  { value: '500+', label: 'professionals served' },
] as const;

export function HeroSection() {
  return (
    <section className="landing-hero" aria-labelledby="landing-hero-title">
      <div className="container landing-hero__inner">
        <p className="landing-eyebrow">Bulk property records for real estate professionals</p>
        <h1 id="landing-hero-title" className="landing-hero__title">
          Bulk Property Data for Entire U.S. Counties
        </h1>
        <p className="landing-hero__lead">
          Every parcel in a county in one download: ownership, tax assessment, transactions and zoning. Flat pricing per
          county, no contracts to negotiate.
        </p>
        <div className="landing-hero__actions">
          <ButtonLink to="/select-counties" size="lg">
            Pick Your County
          </ButtonLink>
          <ButtonAnchor href="#pricing" size="lg" variant="outline">
            View Pricing
          </ButtonAnchor>
        </div>
        <dl className="landing-hero__stats">
          {HIGHLIGHTS.map((item) => (
            <div key={item.label} className="landing-hero__stat">
              <dt>{item.label}</dt>
              <dd>{item.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
