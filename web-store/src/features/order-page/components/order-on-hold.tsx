import { ButtonLink } from '@/components/ui/button';

/**
 * The order's payment is disputed (open, or lost), or the link was one staff gave and has expired: the
 * server says so in words the buyer can act on, with whom to write to, and the page shows nothing else.
 */
export function OrderOnHold({ message, title = 'This order is not available' }: { message: string; title?: string }) {
  return (
    <section className="card order-message" role="alert" aria-labelledby="order-on-hold-title">
      <h1 id="order-on-hold-title" className="order-message__title">
        {title}
      </h1>
      <p className="order-message__text">{message}</p>
      <ButtonLink to="/">Go to the home page</ButtonLink>
    </section>
  );
}
