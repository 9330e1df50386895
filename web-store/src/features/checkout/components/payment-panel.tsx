import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { PaymentIntentCreated, useCheckoutConfig } from '../api/checkout-api';
import { readStoredBuyer, readStoredEmail } from '../checkout-email';
import { BuyerDetails, Order } from '../checkout-rules';
import { useStripeJs } from '../use-stripe-js';
import { CardStep } from './card-step';
import { EmailStep } from './email-step';

export const NOT_CONFIGURED = 'Payment processing is not configured. Please contact support.';

/** The two steps: the email, invoice details and license (which open the payment), then the card. */
export function PaymentPanel({
  order,
  intent,
  onIntent,
  afterPurchase,
}: {
  order: Order;
  intent: PaymentIntentCreated | null;
  onIntent: (intent: PaymentIntentCreated | null) => void;
  afterPurchase: () => void;
}) {
  const config = useCheckoutConfig();
  const stripeJs = useStripeJs(config.data?.publishableKey, config.data?.stripeJsUrl);
  const [email, setEmail] = useState(readStoredEmail);
  const [buyer, setBuyer] = useState<BuyerDetails>(readStoredBuyer);
  // Kept here, not in step 1, so going back with Change does not untick the license.
  const [acceptedTerms, setAcceptedTerms] = useState<string | null>(null);
  const step = intent ? 2 : 1;
  // Steps only mean something when the payment can be made.
  const showSteps = !config.isError && config.data?.publishableKey !== null;

  function body() {
    if (config.isPending || order.status !== 'ok') return <PanelSkeleton />;
    if (config.isError) {
      return (
        <p className="checkout-notice" role="alert">
          The payment form could not be loaded. Please check your connection and reload the page.
        </p>
      );
    }
    if (!config.data.publishableKey) return <p className="checkout-notice">{NOT_CONFIGURED}</p>;
    if (!intent) {
      return (
        <EmailStep
          order={order}
          email={email}
          onEmail={setEmail}
          buyer={buyer}
          onBuyer={setBuyer}
          acceptedTerms={acceptedTerms}
          onAcceptedTerms={setAcceptedTerms}
          onIntent={onIntent}
        />
      );
    }
    return (
      <CardStep
        stripeJs={stripeJs}
        intent={intent}
        order={order}
        email={email}
        buyer={buyer}
        onChangeEmail={() => onIntent(null)}
        afterPurchase={afterPurchase}
      />
    );
  }

  return (
    <section className="card checkout-panel" aria-labelledby="checkout-payment-title">
      <div className="checkout-panel__head">
        <h2 id="checkout-payment-title" className="checkout-section-title">
          Payment
        </h2>
        {config.data?.testMode && <Badge variant="outline">Test mode</Badge>}
      </div>
      {showSteps && (
        <ol className="checkout-steps" aria-label="Checkout steps">
          <li className="checkout-steps__step" aria-current={step === 1 ? 'step' : undefined} data-done={step > 1}>
            <span className="checkout-steps__number" aria-hidden="true">
              {step > 1 ? '✓' : '1'}
            </span>
            Email
          </li>
          <li className="checkout-steps__step" aria-current={step === 2 ? 'step' : undefined}>
            <span className="checkout-steps__number" aria-hidden="true">
              2
            </span>
            Card
          </li>
        </ol>
      )}
      {body()}
    </section>
  );
}

function PanelSkeleton() {
  return (
    <div className="checkout-panel__skeleton" aria-busy="true">
      <Skeleton style={{ width: '7rem', height: '1rem' }} />
      <Skeleton style={{ height: '2.5rem' }} />
      <Skeleton style={{ width: '70%', height: '1rem' }} />
      <Skeleton style={{ height: '3rem' }} />
    </div>
  );
}
