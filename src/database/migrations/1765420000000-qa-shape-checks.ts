import { MigrationInterface, QueryRunner } from 'typeorm';

/** A county file's parcel boundaries counted on its QA row: with a shape, missing, invalid, of no area. */
export class QaShapeChecks1765420000000 implements MigrationInterface {
  name = 'QaShapeChecks1765420000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE release_counties ADD COLUMN shape_checks jsonb`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE release_counties DROP COLUMN shape_checks`);
  }
}
