import { Link } from 'react-router-dom';
import { ContactDetails } from './contact-details';
import { LEGAL_UPDATED } from './legal-dates';
import { LegalLayout, LegalSection } from './legal-layout';

export default function PrivacyPage() {
  return (
    <LegalLayout
      title="Privacy Policy"
      updated={LEGAL_UPDATED}
      intro={
        <>
          <p>
            County Data Store (&ldquo;we&rdquo;, &ldquo;us&rdquo;) sells bulk property-record data for U.S. counties to
            real estate professionals. This policy explains what personal information we collect when you visit our
            website, buy data or sign in, why we collect it, who we share it with and the choices you have.
          </p>
          <p>
            We are based in Canada. We handle personal information in line with Canada&rsquo;s Personal Information
            Protection and Electronic Documents Act (PIPEDA) and British Columbia&rsquo;s Personal Information
            Protection Act, as they apply to us. This policy is governed by the laws of the Province of British Columbia
            and the federal laws of Canada that apply there.
          </p>
        </>
      }
    >
      <LegalSection id="information-we-collect" title="1. Information we collect">
        <p>We collect only what we need to sell and deliver data to you:</p>
        <ul>
          <li>
            <strong>Contact details.</strong> The email address you enter at checkout, which we use to send your
            receipt, download links and, for the County Tracker, your monthly data deliveries.
          </li>
          <li>
            <strong>Account details.</strong> If you sign in, the name, email address and profile picture that our
            sign-in provider shares with us, and a record of when your account was created.
          </li>
          <li>
            <strong>Orders and subscriptions.</strong> The counties you buy, the plan chosen for each, amounts paid,
            dates, renewal settings and delivery history.
          </li>
          <li>
            <strong>Payment information.</strong> Card payments are processed by Stripe. Your card number goes directly
            to Stripe and is never stored on our servers; we keep only Stripe&rsquo;s references to your payment and
            customer record, and the outcome of each payment.
          </li>
          <li>
            <strong>Visitor analytics.</strong> When you first visit, your browser creates a random visitor id and keeps
            it in its local storage. With it we record the steps of your visit, such as viewing the home page, browsing
            counties, adding a county to the cart, opening checkout, entering an email and completing a payment, with
            the time of each step. The visitor id is not your name or email and is not shared with advertisers.
          </li>
          <li>
            <strong>Downloads.</strong> When you download a dataset we record which purchase the download belongs to and
            when it happened, so we can deliver what you paid for and stop misuse of download links.
          </li>
          <li>
            <strong>Technical information.</strong> Our servers receive your IP address and browser details with every
            request. We use them to keep the service secure, limit abuse and fix problems.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="cookies-and-storage" title="2. Cookies and browser storage">
        <p>
          We use one session cookie to keep you signed in; it cannot be read by scripts on the page and expires after a
          period of inactivity. Your cart and checkout email are kept in your browser&rsquo;s session storage and are
          cleared when you close the tab or complete a purchase. The visitor id described above is kept in local
          storage. We do not use advertising cookies or third-party tracking pixels. Stripe may set its own cookies on
          the payment form to prevent fraud.
        </p>
      </LegalSection>

      <LegalSection id="how-we-use-information" title="3. How we use your information">
        <ul>
          <li>to process your order, take payment and deliver your county data;</li>
          <li>to send receipts, download links, monthly County Tracker deliveries and renewal reminders;</li>
          <li>to renew a County Tracker when auto-renewal is on, and to manage your subscriptions;</li>
          <li>to answer your questions and provide support;</li>
          <li>to understand, in aggregate, how visitors move through the store so we can improve it;</li>
          <li>to protect the service, prevent fraud and meet our legal, tax and accounting obligations.</li>
        </ul>
        <p>We do not sell your personal information, and we do not send marketing email without your consent.</p>
      </LegalSection>

      <LegalSection id="sharing" title="4. Who we share it with">
        <p>We share personal information only with service providers who help us run the store, under contract:</p>
        <ul>
          <li>Stripe, to process card payments and renewals;</li>
          <li>our email delivery provider, to send receipts and data deliveries;</li>
          <li>our sign-in provider, when you choose to sign in;</li>
          <li>our hosting and storage providers, who keep the service and its data running.</li>
        </ul>
        <p>
          We may also disclose information when the law requires it, to protect our rights or the safety of others, or
          to a buyer of our business, who would remain bound by this policy.
        </p>
      </LegalSection>

      <LegalSection id="where-stored" title="5. Where your information is stored">
        <p>
          Some of our service providers, including Stripe, process information outside Canada, in particular in the
          United States. Information held there is subject to the laws of that country and may be accessed by its
          authorities under those laws.
        </p>
      </LegalSection>

      <LegalSection id="retention" title="6. How long we keep it">
        <p>
          We keep order, payment and subscription records for as long as your account or subscription is active and
          afterwards for as long as tax and accounting laws require, usually seven years. Visitor analytics are kept in
          detail for a limited period and then kept only as aggregate counts. When information is no longer needed we
          delete it or make it anonymous.
        </p>
      </LegalSection>

      <LegalSection id="your-choices" title="7. Your rights and choices">
        <ul>
          <li>
            You may ask for access to the personal information we hold about you, ask us to correct it, or withdraw your
            consent to its use, subject to legal and contractual limits.
          </li>
          <li>
            You can turn off County Tracker auto-renewal at any time from your dashboard; see our{' '}
            <Link to="/terms">Terms and Conditions</Link>.
          </li>
          <li>You can reset your visitor id by clearing this site&rsquo;s data in your browser settings.</li>
          <li>
            If you are not satisfied with our answer, you may complain to the Office of the Information and Privacy
            Commissioner for British Columbia or the Office of the Privacy Commissioner of Canada.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="security" title="8. Security">
        <p>
          We protect personal information with encryption in transit, access controls and the security measures of our
          providers. No system is perfectly secure; if a breach creates a real risk of significant harm to you, we will
          tell you and the authorities as the law requires.
        </p>
      </LegalSection>

      <LegalSection id="property-records" title="9. The property data we sell">
        <p>
          Our datasets are compiled from public county property records and can include the names and mailing addresses
          of property owners as those records show them. If you believe a record about you is wrong, or have a question
          about how it is used, contact us and we will help.
        </p>
      </LegalSection>

      <LegalSection id="children" title="10. Age requirements">
        <p>
          This service is not for anyone under 13, and we do not knowingly collect personal information from children
          under 13. If you believe a child has given us personal information, contact us and we will delete it. To use
          this site and buy data you must be of the age of majority in your province or state of residence.
        </p>
      </LegalSection>

      <LegalSection id="changes" title="11. Changes to this policy">
        <p>
          We may update this policy as our service or the law changes. We will post the new version here with a new
          &ldquo;Last updated&rdquo; date and, for significant changes, tell customers by email.
        </p>
      </LegalSection>

      <LegalSection id="contact" title="12. Contact us">
        <p>Questions and requests about your personal information can be sent to:</p>
        <ContactDetails />
      </LegalSection>
    </LegalLayout>
  );
}
