import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { InvoiceKind, InvoiceLine } from '../invoices.repository';

/** An invoice as issued: it copies what it bills, so later changes to orders or counties change no invoice. */
@Entity('invoices')
export class InvoiceRecord {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** From the invoice_numbers sequence: numbers run on without gaps from repeats. */
  @Column({ type: 'bigint', default: () => "nextval('invoice_numbers')", unique: true })
  number: string;

  @Column({ type: 'uuid' })
  orderId: string;

  @Column({ type: 'uuid', unique: true })
  paymentId: string;

  @Column({ type: 'uuid', nullable: true })
  subscriptionId: string | null;

  @Column({ type: 'varchar', length: 20 })
  kind: InvoiceKind;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  issuedAt: Date;

  @Column({ type: 'varchar', length: 320 })
  email: string;

  @Column({ type: 'varchar', length: 200, nullable: true })
  companyName: string | null;

  @Column({ type: 'varchar', length: 50, nullable: true })
  taxId: string | null;

  @Column({ type: 'jsonb' })
  lines: InvoiceLine[];

  @Column({ type: 'integer' })
  totalCents: number;

  @Column({ type: 'char', length: 3 })
  currency: string;
}
