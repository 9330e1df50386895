import { ButtonAnchor, ButtonLink } from '@/components/ui/button';
import { loginUrl } from '@/lib/auth';

export function GetStartedSection() {
  return (
    <section className="landing-cta" aria-labelledby="get-started-title">
      <div className="container landing-cta__inner">
        <h2 id="get-started-title">Ready to Get Started?</h2>
        <p>
          Sign in to see your subscriptions and downloads in one place, or pick your counties now and check out with
          just your email.
        </p>
        <div className="landing-cta__actions">
          <ButtonAnchor href={loginUrl('/dashboard')} size="lg" variant="secondary">
            Sign In to Get Started
          </ButtonAnchor>
          <ButtonLink to="/select-counties" size="lg" variant="outline" className="landing-cta__secondary">
            Browse Counties
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
