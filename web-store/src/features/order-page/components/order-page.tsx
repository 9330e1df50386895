import { useParams } from 'react-router-dom';
import { PhoneLink, SiteHeader } from '@/components/site';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { loginUrl } from '@/lib/auth';
import { HttpError } from '@/lib/http';
import { Order, useOrder } from '../api/order';
import { OrderInvoices } from './order-invoices';
import { OrderNotFound } from './order-not-found';
import { OrderOnHold } from './order-on-hold';
import './order-page.css';
import { OrderSubscriptionCard } from './order-subscription-card';
import { OrderSummary } from './order-summary';
import { RequestedDownload } from './requested-download';

function OrderDetails({ token, order }: { token: string; order: Order }) {
  return (
    <>
      <div className="order-intro">
        <h1 className="order-title">Your order</h1>
        <p className="order-subtitle">
          {order.status === 'refunded'
            ? 'Here is what this order included.'
            : 'Thank you for your purchase. Your county data is ready below.'}
        </p>
      </div>
      <RequestedDownload token={token} order={order} />
      <OrderSummary order={order} />
      <section aria-labelledby="order-counties-title">
        <h2 id="order-counties-title" className="order-section-title">
          {order.subscriptions.length === 1 ? 'Your county' : 'Your counties'}
        </h2>
        <ul className="order-subs">
          {order.subscriptions.map((subscription) => (
            <OrderSubscriptionCard
              key={subscription.id}
              token={token}
              orderStatus={order.status}
              subscription={subscription}
            />
          ))}
        </ul>
      </section>
      <OrderInvoices invoices={order.invoices} />
      <p className="order-signin">
        {/* The return address is fixed: the order's token must not travel into the sign-in flow. */}
        Want every purchase in one place? <a href={loginUrl('/dashboard')}>Sign in</a> with {order.email} to see them on
        your dashboard.
      </p>
    </>
  );
}

function OrderSkeleton() {
  return (
    <div aria-busy="true">
      <span className="visually-hidden">Loading your order</span>
      <div aria-hidden="true">
        <Skeleton style={{ width: '12rem', height: '2.25rem', marginBottom: '1.75rem' }} />
        <Skeleton className="card" style={{ height: '9.5rem', marginBottom: '2rem' }} />
        <Skeleton style={{ width: '9rem', height: '1.75rem', marginBottom: '1rem' }} />
        <div className="order-subs">
          <Skeleton className="card" style={{ height: '15rem' }} />
          <Skeleton className="card" style={{ height: '15rem' }} />
        </div>
      </div>
    </div>
  );
}

/** /orders/:token, from the receipt email: the order and its downloads, without signing in. */
export default function OrderPage() {
  const { token = '' } = useParams();
  const order = useOrder(token);
  const notFound = order.error instanceof HttpError && order.error.status === 404;
  // A disputed payment: the server's message says why and whom to write to.
  const onHold = order.error instanceof HttpError && order.error.status === 403 ? order.error.serverMessage : null;
  // A link staff passed on, past its 30 days: the server's message says how to get a new one.
  const expired = order.error instanceof HttpError && order.error.status === 410 ? order.error.serverMessage : null;

  return (
    <>
      <SiteHeader navLabel="Support">
        <PhoneLink />
      </SiteHeader>
      <main id="main" className="container order-main">
        {order.isPending ? (
          <OrderSkeleton />
        ) : notFound ? (
          <OrderNotFound />
        ) : onHold ? (
          <OrderOnHold message={onHold} />
        ) : expired ? (
          <OrderOnHold title="This order link has expired" message={expired} />
        ) : order.isError ? (
          <section className="card order-message" role="alert">
            <h1 className="order-message__title">Your order could not be loaded</h1>
            <p className="order-message__text">Please check your connection and try again.</p>
            <Button variant="outline" onClick={() => void order.refetch()}>
              Try again
            </Button>
          </section>
        ) : (
          <OrderDetails token={token} order={order.data} />
        )}
      </main>
    </>
  );
}
