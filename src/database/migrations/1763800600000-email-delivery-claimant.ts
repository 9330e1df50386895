import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Who holds each email's claim (the BullMQ job sending it), so that the same
 * job re-run after a crash takes its claim back at once, while any other
 * sender waits for the claim to be sent or its lease to end.
 */
export class EmailDeliveryClaimant1763800600000 implements MigrationInterface {
  name = 'EmailDeliveryClaimant1763800600000';

  async up(db: QueryRunner): Promise<void> {
    // Claims made before claimants were recorded belong to no job: if never sent, they are taken after their lease.
    await db.query(`ALTER TABLE email_deliveries ADD COLUMN claimant varchar(200) NOT NULL DEFAULT ''`);
    await db.query(`ALTER TABLE email_deliveries ALTER COLUMN claimant DROP DEFAULT`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE email_deliveries DROP COLUMN claimant`);
  }
}
