import { invoiceRow } from './invoice-rows';

describe('an invoice row', () => {
  it('words an order invoice: number, "Order", the UTC day like "Jan 5, 2025", whole dollars', () => {
    expect(
      invoiceRow({
        id: 'i-1',
        number: 'CDS-000042',
        kind: 'order',
        issuedAt: '2025-01-05T23:30:00.000Z',
        totalAmount: 1700,
        pdfUrl: '/api/invoices/i-1/pdf',
      }),
    ).toEqual({
      id: 'i-1',
      number: 'CDS-000042',
      kind: 'Order',
      date: 'Jan 5, 2025',
      total: '$1,700',
      pdfUrl: '/api/invoices/i-1/pdf',
    });
  });

  it('calls a yearly renewal "Renewal" and keeps cents when there are some', () => {
    const row = invoiceRow({
      id: 'i-2',
      number: 'CDS-000043',
      kind: 'renewal',
      issuedAt: '2026-01-05T00:00:00.000Z',
      totalAmount: 1200.5,
      pdfUrl: '/x.pdf',
    });
    expect(row.kind).toBe('Renewal');
    expect(row.total).toBe('$1,200.50');
  });
});
