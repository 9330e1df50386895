import type { components } from '@web-shared/api-types';
import { formatDate, formatDollars } from '@web-shared/format';

/** An invoice as the order page and the dashboard list it; the PDF is the document itself. */
export type InvoiceSummary = components['schemas']['InvoiceSummaryDto'];

/** An invoice as its row words it: "CDS-000042", "Order", "Jan 5, 2025", "$1,700". */
export interface InvoiceRow {
  id: string;
  number: string;
  kind: 'Order' | 'Renewal';
  date: string;
  total: string;
  pdfUrl: string;
}

export function invoiceRow(invoice: InvoiceSummary): InvoiceRow {
  return {
    id: invoice.id,
    number: invoice.number,
    kind: invoice.kind === 'renewal' ? 'Renewal' : 'Order',
    date: formatDate(invoice.issuedAt),
    total: formatDollars(invoice.totalAmount),
    pdfUrl: invoice.pdfUrl,
  };
}
