/** An invoice as the order page and the dashboard list it; the PDF is the document itself. */
export interface InvoiceSummary {
  id: string;
  /** Sequential and never reused, e.g. "CDS-000042". */
  number: string;
  /** 'order': the checkout payment; 'renewal': a County Tracker's yearly renewal. */
  kind: 'order' | 'renewal';
  issuedAt: string;
  /** Dollars. */
  totalAmount: number;
  /** Where the PDF is downloaded from, for whoever may see this invoice. */
  pdfUrl: string;
}

/** The longest company name and tax ID an invoice bills (in characters); the checkout form takes no more. */
export const COMPANY_NAME_MAX_LENGTH = 200;
export const TAX_ID_MAX_LENGTH = 50;
