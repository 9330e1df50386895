import { Badge } from './ui/badge';
import { ButtonAnchor } from './ui/button';
import { invoiceRow, type InvoiceSummary } from './invoice-rows';
import './invoice-list.css';

/** The invoices of an order or of a customer, each with its PDF; the order page and the dashboard share it. */
export function InvoiceList({ invoices }: { invoices: readonly InvoiceSummary[] }) {
  return (
    <ul className="invoice-list">
      {invoices.map(invoiceRow).map((row) => (
        <li key={row.id} className="invoice-row">
          <div className="invoice-row__what">
            <span className="invoice-row__number">{row.number}</span>
            <Badge variant={row.kind === 'Renewal' ? 'secondary' : 'outline'}>{row.kind}</Badge>
          </div>
          <span className="invoice-row__date">{row.date}</span>
          <span className="invoice-row__total">{row.total}</span>
          {/* `download` saves the file and keeps the page open; the server's Content-Disposition names it. */}
          <ButtonAnchor variant="outline" size="sm" className="invoice-row__pdf" href={row.pdfUrl} download>
            Download PDF<span className="visually-hidden"> of invoice {row.number}</span>
          </ButtonAnchor>
        </li>
      ))}
    </ul>
  );
}
