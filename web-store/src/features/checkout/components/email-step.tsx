import { COMPANY_NAME_MAX_LENGTH, TAX_ID_MAX_LENGTH } from '@contracts/invoice';
import { FormEvent, useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/field';
import { dismissToast, toast } from '@/components/ui/toast';
import { useCurrentUser } from '@/lib/auth';
import { trackEvent } from '@/lib/journey';
import { createPaymentIntent, PaymentIntentCreated } from '../api/checkout-api';
import {
  BuyerDetails,
  emailStepRefusal,
  EmailStepRefusal,
  licenseTermsFor,
  Order,
  paymentIntentErrorMessage,
  PaymentIntentRequest,
  paymentIntentRequest,
} from '../checkout-rules';
import { storeBuyer, storeEmail } from '../checkout-email';
import { LicenseConsent } from './license-consent';

/**
 * Step 1: where the receipt and the data go, who the invoice is for, and the license. Continuing
 * prices the order on the server and opens its payment.
 */
export function EmailStep({
  order,
  email,
  onEmail,
  buyer,
  onBuyer,
  acceptedTerms,
  onAcceptedTerms,
  onIntent,
}: {
  order: Extract<Order, { status: 'ok' }>;
  email: string;
  onEmail: (email: string) => void;
  buyer: BuyerDetails;
  onBuyer: (buyer: BuyerDetails) => void;
  /** The wording (its key) the buyer ticked the license box for, if any. */
  acceptedTerms: string | null;
  onAcceptedTerms: (key: string | null) => void;
  onIntent: (intent: PaymentIntentCreated) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const consent = useRef<HTMLInputElement>(null);
  const [invalid, setInvalid] = useState<EmailStepRefusal['field'] | null>(null);
  usePrefillFromAccount(email, onEmail);
  const terms = licenseTermsFor(order.lines);
  const accepted = acceptedTerms === terms.key;

  const open = useMutation({
    mutationFn: (request: PaymentIntentRequest) => createPaymentIntent(request),
    onSuccess: onIntent,
    onError: (error) =>
      toast({ title: 'Error', description: paymentIntentErrorMessage(error), variant: 'destructive' }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    const refusal = emailStepRefusal(address, accepted);
    if (refusal) {
      setInvalid(refusal.field);
      (refusal.field === 'email' ? input : consent).current?.focus();
      toast({ title: refusal.title, description: refusal.description, variant: 'destructive' });
      return;
    }
    // The refusal shown for an earlier try is answered now; it would only confuse the card step.
    if (invalid) dismissToast();
    setInvalid(null);
    onEmail(address);
    storeEmail(address);
    storeBuyer(buyer);
    trackEvent('email_entered');
    open.mutate(paymentIntentRequest(order.lines, address, buyer));
  }

  // The messages of docs/store-spec.md §5 replace the browser's bubbles, so the form checks its fields itself.
  return (
    <form className="checkout-email" onSubmit={submit} noValidate>
      <div>
        <Label htmlFor="checkout-email">Email address</Label>
        <Input
          ref={input}
          id="checkout-email"
          type="email"
          name="email"
          required
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          value={email}
          aria-invalid={invalid === 'email' || undefined}
          aria-describedby="checkout-email-hint"
          onChange={(event) => onEmail(event.target.value)}
        />
        <p id="checkout-email-hint" className="checkout-hint muted">
          Your receipt and your county data are sent to this address.
        </p>
      </div>
      <div>
        <div className="checkout-buyer">
          <div>
            <Label htmlFor="checkout-company">
              Company name <span className="checkout-optional">(optional)</span>
            </Label>
            <Input
              id="checkout-company"
              name="companyName"
              autoComplete="organization"
              maxLength={COMPANY_NAME_MAX_LENGTH}
              value={buyer.companyName}
              aria-describedby="checkout-buyer-hint"
              onChange={(event) => onBuyer({ ...buyer, companyName: event.target.value })}
            />
          </div>
          <div>
            <Label htmlFor="checkout-tax-id">
              Tax ID <span className="checkout-optional">(optional)</span>
            </Label>
            <Input
              id="checkout-tax-id"
              name="taxId"
              autoComplete="off"
              spellCheck={false}
              maxLength={TAX_ID_MAX_LENGTH}
              value={buyer.taxId}
              aria-describedby="checkout-buyer-hint"
              onChange={(event) => onBuyer({ ...buyer, taxId: event.target.value })}
            />
          </div>
        </div>
        <p id="checkout-buyer-hint" className="checkout-hint muted">
          Buying for a business? Its name and tax ID appear on your invoice.
        </p>
      </div>
      <LicenseConsent
        ref={consent}
        terms={terms}
        accepted={accepted}
        invalid={invalid === 'license' && !accepted}
        onAcceptedChange={(checked) => onAcceptedTerms(checked ? terms.key : null)}
      />
      <Button type="submit" size="lg" className="checkout-submit" disabled={open.isPending} aria-busy={open.isPending}>
        {open.isPending && <span className="spinner checkout-submit__spinner" aria-hidden="true" />}
        Continue to Payment
      </Button>
    </form>
  );
}

/** A signed-in customer's email fills an empty field, unless they have already typed one. */
function usePrefillFromAccount(email: string, onEmail: (email: string) => void) {
  const { user } = useCurrentUser();
  const filled = useRef(email !== '');
  useEffect(() => {
    if (filled.current || !user?.email) return;
    filled.current = true;
    onEmail(user.email);
  }, [user, onEmail]);
  useEffect(() => {
    if (email !== '') filled.current = true;
  }, [email]);
}
