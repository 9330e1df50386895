import { InvoiceList } from '@/components/invoice-list';
import { Button } from '@/components/ui/button';
import { isUnauthorized } from '@/lib/http';
import { useInvoices } from '../api/invoices';

/**
 * Every invoice of the account, below the subscriptions. Nothing is shown until there is one: a
 * new customer's dashboard keeps the empty state of docs/store-spec.md §2 as its only message.
 */
export function InvoiceSection({ signedIn }: { signedIn: boolean }) {
  const invoices = useInvoices(signedIn);
  // A lost session is the subscription list's to report (it signs the customer in again).
  if (invoices.isPending || isUnauthorized(invoices.error)) return null;
  if (!invoices.isError && invoices.data.length === 0) return null;

  return (
    <section className="dash-invoices" aria-labelledby="dash-invoices-title">
      <h2 id="dash-invoices-title" className="dash-section-title">
        Invoices
      </h2>
      <div className="card dash-invoices__card">
        {invoices.isError ? (
          <p className="dash-invoices__error" role="alert">
            Your invoices could not be loaded.{' '}
            <Button variant="outline" size="sm" onClick={() => void invoices.refetch()}>
              Try again
            </Button>
          </p>
        ) : (
          <InvoiceList invoices={invoices.data} />
        )}
      </div>
    </section>
  );
}
