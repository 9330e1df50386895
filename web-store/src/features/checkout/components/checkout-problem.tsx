import { ReactNode } from 'react';
import { ButtonLink } from '@/components/ui/button';

/** Why there is nothing to pay for here, with the way back. */
export function CheckoutProblem({
  title,
  children,
  backTo,
  backLabel,
}: {
  title: string;
  children: ReactNode;
  backTo: string;
  backLabel: string;
}) {
  return (
    <section className="card checkout-problem" aria-labelledby="checkout-problem-title">
      <h2 id="checkout-problem-title" className="checkout-section-title">
        {title}
      </h2>
      <p className="muted">{children}</p>
      <ButtonLink to={backTo}>{backLabel}</ButtonLink>
    </section>
  );
}
