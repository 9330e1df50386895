import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a buyer agreed to and who is billed: the version of the data license accepted at
 * checkout and when, and the company name and tax ID for the invoice. Orders placed before
 * the license was asked for have none.
 */
export class OrderLicense1763800900000 implements MigrationInterface {
  name = 'OrderLicense1763800900000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE orders
        ADD COLUMN license_version varchar(20),
        ADD COLUMN license_accepted_at timestamptz,
        ADD COLUMN company_name varchar(200),
        ADD COLUMN tax_id varchar(50)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE orders
        DROP COLUMN license_version,
        DROP COLUMN license_accepted_at,
        DROP COLUMN company_name,
        DROP COLUMN tax_id`);
  }
}
