const FACTS = [
  { value: '3,229', label: 'counties covered' },
  { value: '250+', label: 'data fields' },
  { value: '500+', label: 'professionals trust us' },
] as const;

export function AboutSection() {
  return (
    <section id="about" className="landing-section" aria-labelledby="about-title">
      <div className="container landing-about">
        <div className="landing-about__text">
          <h2 id="about-title">About Us</h2>
          <p>
            County Data Store gathers property records from 3,229 U.S. counties into clean, consistent files. Each
            county dataset carries up to 250+ data fields covering ownership, tax assessment, transactions and zoning,
            so you can study a whole market without stitching records together yourself.
          </p>
          <p>
            We are trusted by 500+ real estate professionals: investors, brokers, appraisers and analysts. Pricing is
            flat per county, with no quotes or negotiation, and you pay by card in a few minutes.
          </p>
        </div>
        <ul className="landing-facts">
          {FACTS.map((fact) => (
            <li key={fact.label} className="card landing-fact">
              <span className="landing-fact__value">{fact.value}</span>
              <span className="muted">{fact.label}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
