import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The job request: the client's description and photos of the work, drafted on each cart line and copied onto the
 * booking at checkout. Its photos are private images of their client (`job_request_images`), never public files.
 */
export class JobRequests1765600000100 implements MigrationInterface {
  name = 'JobRequests1765600000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "job_request_images" ("id" SERIAL NOT NULL, "client_id" integer NOT NULL, "file" character varying(100) NOT NULL, "thumb_file" character varying(100) NOT NULL, "mime" character varying(40) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "job_request_images_pkey" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "job_request_images_client_idx" ON "job_request_images" ("client_id")`);
    await queryRunner.query(
      `ALTER TABLE "job_request_images" ADD CONSTRAINT "job_request_images_client_fkey" FOREIGN KEY ("client_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "cart_details" ADD "job_request_text" character varying(2000) NOT NULL DEFAULT '', ADD "job_request_image_ids" integer array NOT NULL DEFAULT '{}'`,
    );
    await queryRunner.query(
      `ALTER TABLE "bookings" ADD "job_request_text" character varying(2000), ADD "job_request_image_ids" integer array NOT NULL DEFAULT '{}'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "bookings" DROP COLUMN "job_request_image_ids", DROP COLUMN "job_request_text"`);
    await queryRunner.query(`ALTER TABLE "cart_details" DROP COLUMN "job_request_image_ids", DROP COLUMN "job_request_text"`);
    await queryRunner.query(`DROP TABLE "job_request_images"`);
  }
}
