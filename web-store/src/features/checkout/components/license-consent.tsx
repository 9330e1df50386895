import { forwardRef } from 'react';
import type { LicenseTermsShown } from '../checkout-rules';

interface LicenseConsentProps {
  terms: LicenseTermsShown;
  accepted: boolean;
  onAcceptedChange: (accepted: boolean) => void;
  invalid: boolean;
}

/** The license (and, for County Trackers, the renewal terms) the buyer must accept before paying. */
export const LicenseConsent = forwardRef<HTMLInputElement, LicenseConsentProps>(function LicenseConsent(
  { terms, accepted, onAcceptedChange, invalid },
  checkbox,
) {
  return (
    <fieldset className="checkout-license" data-invalid={invalid || undefined}>
      <legend className="checkout-license__title">License terms</legend>
      {/* Focusable, so a keyboard can scroll the license when it is taller than the box. */}
      <div className="checkout-license__text" role="region" aria-label="License terms text" tabIndex={0}>
        <ul className="checkout-license__list">
          {terms.license.map((term) => (
            <li key={term}>{term}</li>
          ))}
        </ul>
      </div>
      {terms.autoRenewal && (
        // Never scrolled out of sight: what renews, for how much and how to stop it sits beside the box to tick.
        <div className="checkout-license__renewal">
          <h3 className="checkout-license__subtitle">Auto-renewal</h3>
          <ul className="checkout-license__list">
            {terms.autoRenewal.map((term) => (
              <li key={term}>{term}</li>
            ))}
          </ul>
        </div>
      )}
      <p className="checkout-license__more muted">
        Our {/* A new tab, so the checkout keeps what the buyer has typed. */}
        <a href="/terms" target="_blank" rel="noreferrer">
          Terms and Conditions
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>{' '}
        also apply.
      </p>
      <label className="checkout-consent">
        <input
          ref={checkbox}
          type="checkbox"
          name="acceptedLicense"
          required
          checked={accepted}
          aria-invalid={invalid || undefined}
          onChange={(event) => onAcceptedChange(event.target.checked)}
        />
        <span>{terms.consentLabel}</span>
      </label>
    </fieldset>
  );
});
