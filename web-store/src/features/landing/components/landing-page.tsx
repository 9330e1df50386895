import { useLandingView } from '../use-landing-view';
import { AboutSection } from './about-section';
import { GetStartedSection } from './get-started-section';
import { HeroSection } from './hero-section';
import { HowItWorksSection } from './how-it-works-section';
import { LandingFooter } from './landing-footer';
import { LandingHeader } from './landing-header';
import './landing-page.css';
import { PricingSection } from './pricing-section';

/** docs/store-spec.md §2 "Landing page": loaded with the app's first chunk, so it stays free of heavy dependencies. */
export function LandingPage() {
  useLandingView();
  return (
    <>
      <LandingHeader />
      <main id="main">
        <HeroSection />
        <HowItWorksSection />
        <PricingSection />
        <AboutSection />
        <GetStartedSection />
      </main>
      <LandingFooter />
    </>
  );
}
