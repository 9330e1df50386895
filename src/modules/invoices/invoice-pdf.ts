import PDFDocument from 'pdfkit';
import { pdfBytes } from '../../common/pdf';
import { formatDate } from '../../common/dates';
import { formatDollars } from '../../common/money';
import { planFor, PLANS } from '../../contracts/plans';
import { Invoice, InvoiceLine, invoiceNumber } from './invoices.repository';

/** Who issues the invoice, as the configuration names it. */
export interface Seller {
  name: string;
  url: string;
  email: string;
}

const MARGIN = 50;
const WIDTH = 612 - 2 * MARGIN;
const AMOUNT_WIDTH = 100;
const DESCRIPTION_WIDTH = WIDTH - AMOUNT_WIDTH - 10;
const INK = '#0f172a';
const MUTED = '#475569';
const RULE = '#cbd5e1';

// The PDF's standard fonts write Windows-1252 only: beyond its printable characters,
// text would turn into other glyphs or break the line it is on.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Text as the invoice can print it: every character the font lacks becomes "?". */
export function printable(text: string): string {
  return [...text.normalize('NFC')]
    .map((char) => {
      const code = char.codePointAt(0)!;
      return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char) ? char : '?';
    })
    .join('');
}

/** What one line bills: "County, State — plan" or, for a renewal, the county and the year it covers. */
export function describeLine(line: InvoiceLine): string {
  if (line.periodStart && line.periodEnd) {
    return `${PLANS.annual.name} renewal — ${line.description} — period ${formatDate(new Date(line.periodStart))} to ${formatDate(new Date(line.periodEnd))}`;
  }
  return `${line.description} — ${planFor(line.purchaseType).name}`;
}

/**
 * The invoice as a one-page PDF (more pages for long orders): number, dates, seller, the
 * buyer billed, each line with its amount, the total in U.S. dollars, any refunds since, and
 * the license the buyer accepted. Text stays text, so it can be searched and copied.
 */
export function renderInvoicePdf(invoice: Invoice, seller: Seller): Promise<Buffer> {
  const number = invoiceNumber(invoice.number);
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    info: {
      Title: `Invoice ${number}`,
      Author: seller.name,
      // The issue date, not the moment of rendering: the same invoice renders the same.
      CreationDate: invoice.issuedAt,
    },
  });
  const done = pdfBytes(doc);
  const text = (value: string) => printable(value);

  // Heading: the document and its number on the left, the seller on the right.
  const top = doc.y;
  doc.font('Helvetica-Bold').fontSize(26).fillColor(INK).text('Invoice', MARGIN, top);
  doc.font('Helvetica').fontSize(12).fillColor(MUTED).text(number);
  const left = doc.y;
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .fillColor(INK)
    .text(seller.name, MARGIN, top + 4, {
      width: WIDTH,
      align: 'right',
    });
  doc.font('Helvetica').fontSize(10).fillColor(MUTED);
  for (const line of [seller.url, seller.email].filter(Boolean)) doc.text(text(line), { width: WIDTH, align: 'right' });
  doc.y = Math.max(doc.y, left) + 18;

  doc.font('Helvetica').fontSize(10).fillColor(INK);
  doc.text(`Issued ${formatDate(invoice.issuedAt)}`, MARGIN);
  doc
    .font('Helvetica-Bold')
    .fillColor('#15803d')
    .text(`Paid ${formatDate(invoice.paidAt)}`);
  doc.moveDown(1.2);

  doc.font('Helvetica-Bold').fontSize(11).fillColor(INK).text('Bill to');
  doc.font('Helvetica').fontSize(10).moveDown(0.2);
  doc.text(text(invoice.email));
  if (invoice.companyName) doc.text(text(invoice.companyName));
  if (invoice.taxId) doc.text(`Tax ID: ${text(invoice.taxId)}`);
  doc.moveDown(1.5);

  const rule = () => {
    doc
      .moveTo(MARGIN, doc.y)
      .lineTo(MARGIN + WIDTH, doc.y)
      .strokeColor(RULE)
      .stroke();
    doc.moveDown(0.4);
  };
  const row = (description: string, amount: string, font = 'Helvetica') => {
    doc.font(font).fontSize(10).fillColor(INK);
    const height = doc.heightOfString(description, { width: DESCRIPTION_WIDTH });
    if (doc.y + height > doc.page.height - MARGIN - 40) doc.addPage();
    const y = doc.y;
    doc.text(description, MARGIN, y, { width: DESCRIPTION_WIDTH });
    doc.text(amount, MARGIN + WIDTH - AMOUNT_WIDTH, y, { width: AMOUNT_WIDTH, align: 'right' });
    doc.x = MARGIN;
    doc.y = y + height + 6;
  };

  doc.font('Helvetica-Bold').fontSize(9).fillColor(MUTED);
  const headY = doc.y;
  doc.text('DESCRIPTION', MARGIN, headY, { width: DESCRIPTION_WIDTH });
  doc.text('AMOUNT', MARGIN + WIDTH - AMOUNT_WIDTH, headY, { width: AMOUNT_WIDTH, align: 'right' });
  doc.x = MARGIN;
  doc.moveDown(0.3);
  rule();
  for (const line of invoice.lines) row(text(describeLine(line)), formatDollars(line.amountCents));
  rule();
  row(`Total (${invoice.currency.toUpperCase()})`, formatDollars(invoice.totalCents), 'Helvetica-Bold');
  doc.moveDown(1.5);

  doc.font('Helvetica').fontSize(9).fillColor(MUTED);
  doc.text('Paid in full by card. Thank you for your purchase.', MARGIN, doc.y, { width: WIDTH });
  // The invoice stays as issued, a record of the sale; what was given back since is said beside it.
  if (invoice.refunds.length > 0) {
    doc.font('Helvetica-Bold').fillColor(INK);
    for (const refund of invoice.refunds) {
      doc.text(`Refunded ${formatDate(refund.refundedAt)}: ${formatDollars(refund.amountCents)}`, { width: WIDTH });
    }
    doc.font('Helvetica').fillColor(MUTED);
  }
  if (invoice.licenseVersion) {
    doc.text(
      `The data is licensed under the ${seller.name} data license, version ${text(invoice.licenseVersion)}, accepted at checkout.`,
      { width: WIDTH },
    );
  }
  doc.end();
  return done;
}
