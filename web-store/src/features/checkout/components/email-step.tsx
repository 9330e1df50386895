import { FormEvent, useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { Input, Label } from '../../../components/ui/field';
import { toast } from '../../../components/ui/toast';
import { useCurrentUser } from '../../../lib/auth';
import { trackEvent } from '../../../lib/journey';
import { createPaymentIntent, PaymentIntentCreated } from '../api/checkout-api';
import { isValidEmail, Order, paymentIntentErrorMessage, paymentItems } from '../checkout-rules';
import { storeEmail } from '../checkout-email';

/** Step 1: where the receipt and the data go. Continuing prices the order on the server and opens its payment. */
export function EmailStep({
  order,
  email,
  onEmail,
  onIntent,
}: {
  order: Extract<Order, { status: 'ok' }>;
  email: string;
  onEmail: (email: string) => void;
  onIntent: (intent: PaymentIntentCreated) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [invalid, setInvalid] = useState(false);
  usePrefillFromAccount(email, onEmail);

  const open = useMutation({
    mutationFn: (address: string) => createPaymentIntent(paymentItems(order.lines), address),
    onSuccess: onIntent,
    onError: (error) =>
      toast({ title: 'Error', description: paymentIntentErrorMessage(error), variant: 'destructive' }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    if (!isValidEmail(address)) {
      setInvalid(true);
      input.current?.focus();
      toast({ title: 'Invalid Email', description: 'Please enter a valid email address', variant: 'destructive' });
      return;
    }
    setInvalid(false);
    onEmail(address);
    storeEmail(address);
    trackEvent('email_entered');
    open.mutate(address);
  }

  // The spec's own message replaces the browser's bubble, so the form checks the address itself.
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
          aria-invalid={invalid || undefined}
          aria-describedby="checkout-email-hint"
          onChange={(event) => onEmail(event.target.value)}
        />
        <p id="checkout-email-hint" className="checkout-hint muted">
          Your receipt and your county data are sent to this address.
        </p>
      </div>
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
