import { MigrationInterface, QueryRunner } from 'typeorm';

/** Staff read a customer's emails by address, newest first: one index keeps that a short read however much mail was sent. */
export class CustomerEmailIndex1765200000000 implements MigrationInterface {
  name = 'CustomerEmailIndex1765200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE INDEX email_deliveries_recipient ON email_deliveries (lower(recipient), claimed_at DESC)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX email_deliveries_recipient`);
  }
}
