import { InvoiceList } from '@/components/invoice-list';
import type { InvoiceSummary } from '@/components/invoice-rows';

export function OrderInvoices({ invoices }: { invoices: readonly InvoiceSummary[] }) {
  return (
    <section className="card order-invoices" aria-labelledby="order-invoices-title">
      <h2 id="order-invoices-title" className="order-section-title">
        Invoices
      </h2>
      {invoices.length ? (
        <InvoiceList invoices={invoices} />
      ) : (
        // The invoice is written just after the payment; a page opened at that moment may not list it yet.
        <p className="order-invoices__empty">Your invoice is being prepared. Please check back in a minute.</p>
      )}
    </section>
  );
}
