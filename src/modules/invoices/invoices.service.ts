import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { centsToDollars } from '../../common/money';
import { appConfig } from '../../config';
import { InvoiceSummaryDto } from './dto/invoice-summary.dto';
import { renderInvoicePdf, Seller } from './invoice-pdf';
import { Invoice, InvoiceListing, invoiceNumber, InvoicesRepository } from './invoices.repository';

export const INVOICE_NOT_FOUND = 'Invoice not found';

export interface InvoiceFile {
  filename: string;
  body: Buffer;
}

/**
 * Invoices as their readers get them: whoever holds an order's page token sees that order's,
 * a signed-in customer sees those of their orders. Anyone else's invoice is answered exactly
 * as one that does not exist.
 */
@Injectable()
export class InvoicesService {
  private readonly seller: Seller;

  constructor(
    private readonly invoices: InvoicesRepository,
    @Inject(appConfig.KEY) app: ConfigType<typeof appConfig>,
  ) {
    this.seller = { name: 'County Data Store', url: app.publicUrl, email: app.supportEmail };
  }

  /** An order's invoices, oldest first, each with its PDF under the order page's token. */
  async forOrder(orderId: string, token: string): Promise<InvoiceSummaryDto[]> {
    const listed = await this.invoices.listForOrder(orderId);
    return listed.map((invoice) => summary(invoice, `/api/orders/${token}/invoices/${invoice.id}/pdf`));
  }

  /** A customer's invoices, newest first. */
  async forUser(userId: string): Promise<InvoiceSummaryDto[]> {
    const listed = await this.invoices.listForUser(userId);
    return listed.map((invoice) => summary(invoice, `/api/invoices/${invoice.id}/pdf`));
  }

  /** A customer's invoices, newest first, as listed (staff link each to its PDF under their own route). */
  listingsForUser(userId: string): Promise<InvoiceListing[]> {
    return this.invoices.listForUser(userId);
  }

  async pdfForOrder(orderId: string, invoiceId: string): Promise<InvoiceFile> {
    return this.render(await this.invoices.findForOrder(orderId, invoiceId));
  }

  async pdfForUser(userId: string, invoiceId: string): Promise<InvoiceFile> {
    return this.render(await this.invoices.findForUser(userId, invoiceId));
  }

  private async render(invoice: Invoice | null): Promise<InvoiceFile> {
    if (!invoice) throw new NotFoundException(INVOICE_NOT_FOUND);
    return {
      filename: `invoice-${invoiceNumber(invoice.number)}.pdf`,
      body: await renderInvoicePdf(invoice, this.seller),
    };
  }
}

function summary(invoice: InvoiceListing, pdfUrl: string): InvoiceSummaryDto {
  return {
    id: invoice.id,
    number: invoiceNumber(invoice.number),
    kind: invoice.kind,
    issuedAt: invoice.issuedAt.toISOString(),
    totalAmount: centsToDollars(invoice.totalCents),
    pdfUrl,
  };
}

/** Headers of an invoice PDF: a download, cached only by the reader's own browser. */
export function invoicePdfHeaders(file: InvoiceFile): Record<string, string> {
  return {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `attachment; filename="${file.filename}"`,
    'Content-Length': String(file.body.length),
    'Cache-Control': 'private',
  };
}
