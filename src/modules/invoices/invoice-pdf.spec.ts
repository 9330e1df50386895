import { describeLine, printable, renderInvoicePdf } from './invoice-pdf';
import type { Invoice } from './invoices.repository';

// pdf-parse's entry point runs a self-test when loaded directly; its library file does not.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const pdfParse = require('pdf-parse/lib/pdf-parse.js') as (
  data: Uint8Array,
) => Promise<{ text: string; numpages: number }>;

const seller = { name: 'County Data Store', url: 'https://counties.example', email: 'support@counties.example' };
const invoice = (changes: Partial<Invoice> = {}): Invoice => ({
  id: '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b',
  number: '42',
  orderId: '7f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b',
  kind: 'order',
  issuedAt: new Date('2026-11-24T15:00:00Z'),
  email: 'buyer@example.com',
  companyName: 'Acme Realty LLC',
  taxId: 'US 12-3456789',
  lines: [
    { description: 'Baltimore City, Maryland', purchaseType: 'one-time', amountCents: 50_000 },
    { description: 'Doña Ana County, New Mexico', purchaseType: 'annual', amountCents: 120_000 },
  ],
  totalCents: 170_000,
  currency: 'usd',
  paidAt: new Date('2026-11-24T14:59:00Z'),
  licenseVersion: '2026-11-24',
  refunds: [],
  ...changes,
});
const textOf = async (pdf: Buffer) => (await pdfParse(new Uint8Array(pdf))).text;

describe('invoice PDF', () => {
  it('prints the number, dates, seller, buyer, each line, the total and the license', async () => {
    const text = await textOf(await renderInvoicePdf(invoice(), seller));
    for (const expected of [
      'Invoice',
      'CDS-000042',
      'Issued Nov 24, 2026',
      'Paid Nov 24, 2026',
      'County Data Store',
      'https://counties.example',
      'support@counties.example',
      'buyer@example.com',
      'Acme Realty LLC',
      'Tax ID: US 12-3456789',
      'Baltimore City, Maryland — County SnapShot$500.00',
      'Doña Ana County, New Mexico — County Tracker$1,200.00',
      'Total (USD)$1,700.00',
      'version 2026-11-24',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('leaves out what the order does not have: company, tax ID, license', async () => {
    const text = await textOf(
      await renderInvoicePdf(invoice({ companyName: null, taxId: null, licenseVersion: null }), seller),
    );
    expect(text).not.toContain('Tax ID');
    expect(text).not.toContain('license');
    expect(text).toContain('buyer@example.com');
  });

  it('keeps the invoice as issued and says each refund since, with its date and amount', async () => {
    const refunded = await textOf(
      await renderInvoicePdf(
        invoice({
          refunds: [
            { amountCents: 50_000, refundedAt: new Date('2026-12-01T10:00:00Z') },
            { amountCents: 120_000, refundedAt: new Date('2027-01-05T10:00:00Z') },
          ],
        }),
        seller,
      ),
    );
    for (const expected of [
      'Total (USD)$1,700.00',
      'Paid in full by card.',
      'Refunded Dec 1, 2026: $500.00',
      'Refunded Jan 5, 2027: $1,200.00',
    ]) {
      expect(refunded).toContain(expected);
    }
    expect(await textOf(await renderInvoicePdf(invoice(), seller))).not.toContain('Refunded');
  });

  it('names a renewal by the plan, the county and the year it pays for', () => {
    expect(
      describeLine({
        description: 'Baltimore City, Maryland',
        purchaseType: 'annual',
        amountCents: 120_000,
        periodStart: '2027-11-24T15:00:00.000Z',
        periodEnd: '2028-11-24T15:00:00.000Z',
      }),
    ).toBe('County Tracker renewal — Baltimore City, Maryland — period Nov 24, 2027 to Nov 24, 2028');
  });

  it('prints characters its font lacks as "?", keeping the rest of the line', async () => {
    expect(printable('Ünïcode — “quoted” €5 県 🏠 \u0001\u001b[31m')).toBe('Ünïcode — “quoted” €5 ? ? ??[31m');
    const text = await textOf(await renderInvoicePdf(invoice({ companyName: '県 Realty 🏠 LLC' }), seller));
    expect(text).toContain('? Realty ? LLC');
  });

  it('runs onto more pages for an order of hundreds of counties', async () => {
    const lines = Array.from({ length: 300 }, (_, i) => ({
      description: `County ${i}, State`,
      purchaseType: 'one-time' as const,
      amountCents: 50_000,
    }));
    const pdf = await pdfParse(
      new Uint8Array(await renderInvoicePdf(invoice({ lines, totalCents: 15_000_000 }), seller)),
    );
    expect(pdf.numpages).toBeGreaterThan(3);
    expect(pdf.text).toContain('County 299, State — County SnapShot$500.00');
    expect(pdf.text).toContain('Total (USD)$150,000.00');
  });
});
