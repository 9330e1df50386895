import { ApiProperty } from '@nestjs/swagger';

/** An invoice as the order page and the dashboard list it; the PDF is the document itself. */
export class InvoiceSummaryDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'CDS-000042', description: 'Sequential and never reused' })
  number: string;

  @ApiProperty({
    enum: ['order', 'renewal'],
    description: "The checkout payment, or a County Tracker's yearly renewal",
  })
  kind: 'order' | 'renewal';

  @ApiProperty({ format: 'date-time' })
  issuedAt: string;

  @ApiProperty({ example: 1700, description: 'Dollars' })
  totalAmount: number;

  @ApiProperty({ example: '/api/invoices/6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b/pdf', description: 'The PDF' })
  pdfUrl: string;
}
