import { ButtonLink } from '../../../components/ui/button';

/**
 * The order's payment is disputed (open, or lost): the server says so in words the buyer can act on,
 * with whom to write to, and the page shows nothing else of the order.
 */
export function OrderOnHold({ message }: { message: string }) {
  return (
    <section className="card order-message" role="alert" aria-labelledby="order-on-hold-title">
      <h1 id="order-on-hold-title" className="order-message__title">
        This order is not available
      </h1>
      <p className="order-message__text">{message}</p>
      <ButtonLink to="/">Go to the home page</ButtonLink>
    </section>
  );
}
