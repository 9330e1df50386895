import { PLANS } from '@contracts/plans';
import { Link } from 'react-router-dom';
import { formatDollars } from '@web-shared/format';
import { ContactDetails } from './contact-details';
import { LEGAL_UPDATED } from './legal-dates';
import { LegalLayout, LegalSection } from './legal-layout';

const { oneTime: snapshot, annual: tracker } = PLANS;

export default function TermsPage() {
  return (
    <LegalLayout
      title="Terms and Conditions"
      updated={LEGAL_UPDATED}
      intro={
        <p>
          These terms are an agreement between you and County Data Store (&ldquo;we&rdquo;, &ldquo;us&rdquo;), a
          provider based in Canada. They apply when you use this website or buy data from us. Please read them with our{' '}
          <Link to="/privacy">Privacy Policy</Link>. By using the site or placing an order you accept these terms.
        </p>
      }
    >
      <LegalSection id="eligibility" title="1. Who may use the site">
        <p>
          You must be of the age of majority in your province or state of residence to use this site and to buy data. If
          you buy for a business or other organization, you confirm that you may bind it to these terms, and
          &ldquo;you&rdquo; includes that organization.
        </p>
      </LegalSection>

      <LegalSection id="service" title="2. What we provide">
        <p>
          We sell bulk property-record data for individual U.S. counties, compiled from public records. Each county
          dataset contains up to 250+ data fields, such as ownership, tax assessment, transactions and zoning. Field
          availability varies by county, because counties record and publish different information; our{' '}
          <a href="/data-schema.pdf">data schema</a> lists every field we deliver.
        </p>
      </LegalSection>

      <LegalSection id="plans" title="3. Plans and prices">
        <ul>
          <li>
            <strong>{snapshot.name}</strong>: a one-time purchase of {formatDollars(snapshot.price)} per county. The
            current county dataset is available for instant download once payment succeeds.
          </li>
          <li>
            <strong>{tracker.name}</strong>: an annual plan of {formatDollars(tracker.price)} per county per year (the
            equivalent of {formatDollars(tracker.monthlyEquivalent)} per month). You can download the current dataset
            right away, and fresh data is emailed to you every month for {tracker.deliveries} months.
          </li>
        </ul>
        <p>
          Prices are per county and in U.S. dollars, and are shown at checkout before you pay. Any applicable taxes are
          added as required by law. We may change prices for future purchases and renewals; a change never affects a
          purchase already paid.
        </p>
      </LegalSection>

      <LegalSection id="payment" title="4. Ordering and payment">
        <p>
          You can buy with only an email address; signing in is optional and lets you manage your subscriptions. Payment
          is by card, processed by Stripe. By paying you confirm that you are authorized to use the card. Your order is
          accepted when the payment succeeds and we send a confirmation to your email address.
        </p>
      </LegalSection>

      <LegalSection id="auto-renewal" title="5. County Tracker auto-renewal">
        <p>
          A {tracker.name} renews automatically at the end of each year for another year, and the card on file is
          charged the then-current annual price for each renewing county, unless you turn auto-renewal off before the
          renewal date. We email a reminder before a subscription renews.
        </p>
        <p>
          To turn auto-renewal off, sign in, open your dashboard, find the county under &ldquo;Active
          Subscriptions&rdquo; and switch off its auto-renewal setting. You can also ask us to turn it off by contacting
          us as shown below. Turning auto-renewal off stops future charges only: you keep your monthly deliveries until
          the end of the year already paid, after which the subscription expires.
        </p>
      </LegalSection>

      <LegalSection id="delivery" title="6. Delivery and downloads">
        <p>
          Data is delivered as downloadable files and, for the {tracker.name}, by email each month. Download links are
          personal to your order and expire after a short time; do not share them. If a download fails or a file is
          damaged, contact us and we will send the data again.
        </p>
      </LegalSection>

      <LegalSection id="refunds" title="7. Cancellations and refunds">
        <p>
          Because data is delivered digitally and immediately, purchases are final once the data has been made available
          to you, except where the law requires otherwise. If we cannot deliver a county you paid for, we will refund
          that county in full.
        </p>
      </LegalSection>

      <LegalSection id="license" title="8. Your license to use the data">
        <p>
          We grant you a non-exclusive, non-transferable license to use the data you buy for your own internal business
          purposes, such as research, analysis, marketing to property owners and valuation. You may share individual
          records or your own analyses with your clients as part of your services.
        </p>
        <p>You may not:</p>
        <ul>
          <li>resell, sublicense, rent or redistribute the data, in whole or in substantial part;</li>
          <li>publish the data or make it available in a database, product or service offered to others;</li>
          <li>use the data to build a product or service that competes with ours;</li>
          <li>share your download links or files with anyone outside your organization.</li>
        </ul>
      </LegalSection>

      <LegalSection id="acceptable-use" title="9. Lawful use">
        <p>
          You are responsible for using the data lawfully, including laws on privacy, marketing by telephone, text
          message, mail and email, and fair housing. The data is not a consumer report and must not be used to decide
          anyone&rsquo;s eligibility for credit, insurance, employment or housing.
        </p>
      </LegalSection>

      <LegalSection id="accuracy" title="10. Accuracy of the data">
        <p>
          The data comes from public records that counties maintain, and it can be incomplete, out of date or wrong. We
          work to deliver it faithfully, but we provide it &ldquo;as is&rdquo; and do not guarantee that it is accurate,
          complete or fit for a particular purpose. Check anything important against the official county record before
          relying on it.
        </p>
      </LegalSection>

      <LegalSection id="liability" title="11. Limitation of liability">
        <p>
          To the extent the law allows, we are not liable for indirect, incidental, special or consequential losses,
          such as lost profits or lost opportunities, arising from your use of the site or the data. Our total liability
          for any claim is limited to the amount you paid us in the twelve months before the claim arose. Nothing in
          these terms limits rights that cannot be limited under the law that applies to you.
        </p>
      </LegalSection>

      <LegalSection id="termination" title="12. Suspension and termination">
        <p>
          We may suspend or end your access if you break these terms, including the license limits above. If we end a
          subscription without cause, we will refund the unused part of its paid year.
        </p>
      </LegalSection>

      <LegalSection id="governing-law" title="13. Governing law">
        <p>
          These terms are governed by the laws of the Province of British Columbia and the federal laws of Canada that
          apply there. You and we agree to the jurisdiction of the courts of British Columbia for any dispute about
          them.
        </p>
      </LegalSection>

      <LegalSection id="changes" title="14. Changes to these terms">
        <p>
          We may update these terms. The version posted here when you place an order applies to that order; for a
          {` ${tracker.name}`}, changes apply from its next renewal, and we will email you about significant changes
          before then.
        </p>
      </LegalSection>

      <LegalSection id="contact" title="15. Contact us">
        <p>For questions about these terms, your order or your subscription, contact us:</p>
        <ContactDetails />
      </LegalSection>
    </LegalLayout>
  );
}
