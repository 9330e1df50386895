const STEPS = [
  {
    title: 'Select Your Counties',
    text: 'Filter by state or search by name, and add any of 3,229 U.S. counties to your cart.',
  },
  {
    title: 'Choose Your Plan',
    text: 'Pick a one-time County SnapShot or a County Tracker with monthly updates, county by county.',
  },
  {
    title: 'Complete Your Purchase',
    text: 'Enter your email and pay securely by card. No account is needed to buy.',
  },
  {
    title: 'Receive Your Data',
    text: 'Download your county data right away; Tracker customers get fresh data by email every month.',
  },
] as const;

export function HowItWorksSection() {
  return (
    <section id="how-it-works" className="landing-section" aria-labelledby="how-it-works-title">
      <div className="container">
        <div className="landing-section__head">
          <h2 id="how-it-works-title">How It Works</h2>
          <p className="muted">From county list to data file in four steps.</p>
        </div>
        <ol className="landing-steps">
          {STEPS.map((step, index) => (
            <li key={step.title} className="card landing-step">
              <span className="landing-step__number" aria-hidden="true">
                {index + 1}
              </span>
              <h3 className="landing-step__title">{step.title}</h3>
              <p className="muted">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
