import { FormEvent, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { StripeElementsOptions, StripePaymentElementOptions } from '@stripe/stripe-js';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { trackEvent } from '@/lib/journey';
import { activatePayment, PaymentIntentCreated } from '../api/checkout-api';
import {
  activatedMessage,
  activationErrorMessage,
  BuyerDetails,
  invoiceToLine,
  Order,
  payButtonLabel,
} from '../checkout-rules';
import { StripeJsState } from '../use-stripe-js';

type PaidOrder = Extract<Order, { status: 'ok' }>;

interface CardStepProps {
  stripeJs: StripeJsState;
  intent: PaymentIntentCreated;
  order: PaidOrder;
  email: string;
  buyer: BuyerDetails;
  onChangeEmail: () => void;
  afterPurchase: () => void;
}

/** Step 2: the chosen email (with Change) and Stripe's card form for the opened payment. */
export function CardStep({ stripeJs, intent, order, email, buyer, onChangeEmail, afterPurchase }: CardStepProps) {
  const invoiceTo = invoiceToLine(buyer);
  const [processing, setProcessing] = useState(false);
  // The design tokens, so Stripe's form looks like the rest of the page.
  const options = useMemo<StripeElementsOptions>(
    () => ({
      clientSecret: intent.clientSecret,
      appearance: {
        theme: 'stripe',
        variables: {
          colorPrimary: '#1d4ed8',
          colorText: '#111827',
          borderRadius: '10px',
          fontFamily: 'system-ui, sans-serif',
        },
      },
    }),
    [intent.clientSecret],
  );

  return (
    <div className="checkout-card-step">
      <div className="checkout-chosen-email">
        <div className="checkout-chosen-email__text">
          <span className="muted">Email</span>
          <strong className="checkout-chosen-email__address">{email}</strong>
          {invoiceTo && <span className="checkout-chosen-email__invoice muted">{invoiceTo}</span>}
        </div>
        <Button variant="outline" size="sm" onClick={onChangeEmail} disabled={processing}>
          Change
        </Button>
      </div>
      {stripeJs.status === 'failed' ? (
        <p className="checkout-notice" role="alert">
          The card form could not be loaded. Please check your connection and reload the page.
        </p>
      ) : stripeJs.status === 'loading' ? (
        <CardFormSkeleton total={intent.amount} />
      ) : (
        // A new payment (after Change) is a new client secret, which Elements cannot take in place.
        <Elements key={intent.clientSecret} stripe={stripeJs.stripe} options={options}>
          <CardForm
            order={order}
            email={email}
            total={intent.amount}
            processing={processing}
            onProcessing={setProcessing}
            afterPurchase={afterPurchase}
          />
        </Elements>
      )}
    </div>
  );
}

function CardForm({
  order,
  email,
  total,
  processing,
  onProcessing,
  afterPurchase,
}: {
  order: PaidOrder;
  email: string;
  total: number;
  processing: boolean;
  onProcessing: (processing: boolean) => void;
  afterPurchase: () => void;
}) {
  const stripe = useStripe();
  const elements = useElements();
  const navigate = useNavigate();
  const [ready, setReady] = useState(false);
  const elementOptions = useMemo<StripePaymentElementOptions>(() => ({ readOnly: processing }), [processing]);

  async function pay(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements || !ready || processing) return;
    onProcessing(true);
    try {
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        redirect: 'if_required',
        confirmParams: { return_url: `${window.location.origin}/` },
      });
      if (error) {
        toast({
          title: 'Payment Failed',
          description: error.message ?? 'Your payment could not be completed.',
          variant: 'destructive',
        });
        onProcessing(false);
        return;
      }
      const { activated } = await activatePayment(paymentIntent.id, email);
      toast({ title: 'Payment Successful', description: activatedMessage(activated) });
      trackEvent('payment_success', { cartSize: order.lines.length, totalAmount: total, email });
      afterPurchase();
      void navigate('/');
    } catch (error) {
      toast({ title: 'Error', description: activationErrorMessage(error), variant: 'destructive' });
      onProcessing(false);
    }
  }

  const canPay = Boolean(stripe && elements) && ready && !processing;
  return (
    <form className="checkout-card-form" onSubmit={(event) => void pay(event)} aria-busy={processing}>
      {/* Disabling the fieldset also stops a card form drawn in this page (the local stand-in). */}
      <fieldset className="checkout-card-fieldset" disabled={!ready || processing}>
        <legend className="visually-hidden">Card details</legend>
        <div className="checkout-element">
          {!ready && <Skeleton className="checkout-element__skeleton" />}
          <PaymentElement
            className={ready ? undefined : 'checkout-element--loading'}
            options={elementOptions}
            onReady={() => setReady(true)}
          />
        </div>
      </fieldset>
      <Button type="submit" size="lg" className="checkout-submit" disabled={!canPay}>
        {processing && <span className="spinner checkout-submit__spinner" aria-hidden="true" />}
        {payButtonLabel(total, processing)}
      </Button>
    </form>
  );
}

function CardFormSkeleton({ total }: { total: number }) {
  return (
    <div className="checkout-card-form" aria-busy="true">
      <Skeleton className="checkout-element__skeleton checkout-element__skeleton--static" />
      <Button size="lg" className="checkout-submit" disabled>
        {payButtonLabel(total, false)}
      </Button>
    </div>
  );
}
