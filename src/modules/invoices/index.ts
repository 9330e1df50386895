/** The invoices module's public API: what other modules may use of it. */
export { InvoiceSummaryDto } from './dto/invoice-summary.dto';
export { InvoicesModule } from './invoices.module';
export { InvoicesRepository } from './invoices.repository';
export { InvoicesService, invoicePdfHeaders } from './invoices.service';
export type { InvoiceFile } from './invoices.service';
export type { InvoiceListing } from './invoices.repository';
