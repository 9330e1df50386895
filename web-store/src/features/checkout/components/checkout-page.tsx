import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { PURCHASE_TYPES, PurchaseType } from '@contracts/plans';
import { cart } from '@/lib/cart';
import { useCounties } from '@/lib/counties';
import { DEFAULT_COUNTY_PLAN, orderForCounty } from '../checkout-rules';
import { forgetBuyer, forgetEmail } from '../checkout-email';
import { useCartOrder } from '../use-cart-order';
import { CheckoutHeader } from './checkout-header';
import { CheckoutLayout } from './checkout-layout';
import { CheckoutProblem } from './checkout-problem';
import { PlanChooser } from './plan-chooser';
import './checkout.css';
import { SiteFooter } from '@/components/site';

// docs/store-spec.md §4: a successful payment clears what the checkout kept; the invoice details go with the email.
function clearCartCheckout() {
  cart.clearAfterPurchase();
  forgetBuyer();
}

function clearCountyCheckout() {
  forgetEmail();
  forgetBuyer();
}

/** /checkout: the cart the buyer built on /select-counties. */
function CartCheckout() {
  const order = useCartOrder();
  // Empty or unreadable: the hook is already sending the buyer back to the picker.
  if (order.status !== 'ok') return null;
  return <CheckoutLayout order={order} afterPurchase={clearCartCheckout} />;
}

/** /checkout/{countyId}: one county from Browse Counties, bought on its own; the cart is left alone. */
function CountyCheckout({ countyId }: { countyId: string }) {
  const counties = useCounties();
  // A plan chosen on the way here (a county's "What you get" panel) is where the checkout starts.
  const requested = useSearchParams()[0].get('plan');
  const [plan, setPlan] = useState<PurchaseType>(
    () => PURCHASE_TYPES.find((type) => type === requested) ?? DEFAULT_COUNTY_PLAN,
  );

  if (counties.isError) {
    return (
      <CheckoutProblem title="Counties could not be loaded" backTo="/counties" backLabel="Back to Browse Counties">
        Please check your connection and try again.{' '}
        <button type="button" className="checkout-link-button" onClick={() => void counties.refetch()}>
          Try again
        </button>
      </CheckoutProblem>
    );
  }

  const order = orderForCounty(counties.data, countyId, plan);
  if (order.status === 'unknown-county') {
    return (
      <CheckoutProblem title="County not found" backTo="/counties" backLabel="Back to Browse Counties">
        This county is not in our catalog. It may have been removed, or the link is incomplete.
      </CheckoutProblem>
    );
  }

  return (
    <CheckoutLayout
      order={order}
      afterPurchase={clearCountyCheckout}
      planChooser={(locked) => <PlanChooser value={plan} onChange={setPlan} disabled={locked} />}
    />
  );
}

export default function CheckoutPage() {
  const { countyId } = useParams();
  return (
    <div className="checkout-page">
      <CheckoutHeader />
      <main id="main" className="container checkout">
        <div className="checkout__intro">
          <h1>Checkout</h1>
          <p className="muted">Review your order, enter your email and pay securely by card.</p>
        </div>
        {countyId ? <CountyCheckout countyId={countyId} /> : <CartCheckout />}
      </main>
      <SiteFooter>Payments are processed securely by Stripe. Card details never touch our servers.</SiteFooter>
    </div>
  );
}
