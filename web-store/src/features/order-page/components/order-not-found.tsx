import { ButtonLink } from '@/components/ui/button';
import { siteInfo } from '@/lib/site-info';

/** A token that names no order: altered, cut short when copied, or not from a receipt. */
export function OrderNotFound() {
  return (
    <section className="card order-message" aria-labelledby="order-not-found-title">
      <h1 id="order-not-found-title" className="order-message__title">
        We could not find this order
      </h1>
      <p className="order-message__text">
        The link may be incomplete or changed. Please open it again from your receipt email.
      </p>
      <p className="order-message__text">
        {siteInfo.supportEmail ? (
          <>
            Still stuck? Write to <a href={`mailto:${siteInfo.supportEmail}`}>{siteInfo.supportEmail}</a> and we will
            help.
          </>
        ) : (
          'Still stuck? Contact our support team and we will help.'
        )}
      </p>
      <ButtonLink to="/">Go to the home page</ButtonLink>
    </section>
  );
}
