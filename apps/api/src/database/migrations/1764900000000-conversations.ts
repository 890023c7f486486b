import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Conversations: threads between a client and a professional (an inquiry, or a booking's thread), how far
 * each participant has read, the messages (system lines once per causing event) and their photos. Participants,
 * senders, reporters and the booking are other modules' rows (keys between modules).
 */
export class Conversations1764900000000 implements MigrationInterface {
  name = 'Conversations1764900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of [
      `CREATE TABLE "conversations" ("id" SERIAL NOT NULL, "client_id" integer NOT NULL, "professional_id" integer NOT NULL, "line_id" integer, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "reported_at" TIMESTAMP WITH TIME ZONE, "report_reason" character varying(500), "reported_by" integer, CONSTRAINT "PK_ee34f4f7ced4ec8681f26bf04ef" PRIMARY KEY ("id"))`,
      `CREATE UNIQUE INDEX "conversations_line_key" ON "conversations" ("line_id")`,
      `CREATE INDEX "conversations_reported_idx" ON "conversations" ("reported_at") WHERE reported_at IS NOT NULL`,
      // One open inquiry per pair: two "Consultar" at once find the same thread.
      `CREATE UNIQUE INDEX "conversations_open_inquiry_key" ON "conversations" ("client_id", "professional_id") WHERE line_id IS NULL`,
      // The inboxes, newest first.
      `CREATE INDEX "conversations_professional_inbox_idx" ON "conversations" ("professional_id", "updated_at")`,
      `CREATE INDEX "conversations_client_inbox_idx" ON "conversations" ("client_id", "updated_at")`,
      `CREATE TABLE "conversation_reads" ("conversation_id" integer NOT NULL, "user_id" integer NOT NULL, "up_to" bigint NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_05074524cfb8e1d6fad9fb51a90" PRIMARY KEY ("conversation_id", "user_id"))`,
      `CREATE TYPE "public"."message_kind" AS ENUM('text', 'system')`,
      `CREATE TABLE "messages" ("id" BIGSERIAL NOT NULL, "conversation_id" integer NOT NULL, "sender_id" integer, "kind" "public"."message_kind" NOT NULL DEFAULT 'text', "text" character varying(2000) NOT NULL DEFAULT '', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "source_event_id" uuid, CONSTRAINT "PK_18325f38ae6de43878487eff986" PRIMARY KEY ("id"))`,
      // A redelivered event adds no second system line.
      `CREATE UNIQUE INDEX "messages_conversation_event_key" ON "messages" ("conversation_id", "source_event_id") WHERE source_event_id IS NOT NULL`,
      // The cursor pages (before / after an id) and the unread counts.
      `CREATE INDEX "messages_conversation_idx" ON "messages" ("conversation_id", "id")`,
      `CREATE TABLE "message_images" ("id" SERIAL NOT NULL, "message_id" bigint NOT NULL, "position" smallint NOT NULL, "file" character varying(100) NOT NULL, "thumb_file" character varying(100) NOT NULL, "mime" character varying(40) NOT NULL, CONSTRAINT "PK_3550887af28f7a2dd655e314faa" PRIMARY KEY ("id"))`,
      `CREATE INDEX "message_images_message_idx" ON "message_images" ("message_id", "position")`,
      `ALTER TABLE "conversation_reads" ADD CONSTRAINT "FK_25d515c61b895dc8d16c4a74ca0" FOREIGN KEY ("conversation_id") REFERENCES "conversations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      `ALTER TABLE "messages" ADD CONSTRAINT "FK_3bc55a7c3f9ed54b520bb5cfe23" FOREIGN KEY ("conversation_id") REFERENCES "conversations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      `ALTER TABLE "message_images" ADD CONSTRAINT "FK_0e3536d9a024c556083266996af" FOREIGN KEY ("message_id") REFERENCES "messages"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      // Between modules: the participants, the booking, the reporter, the readers and the senders.
      `ALTER TABLE "conversations" ADD CONSTRAINT "conversations_client_fkey" FOREIGN KEY ("client_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      `ALTER TABLE "conversations" ADD CONSTRAINT "conversations_professional_fkey" FOREIGN KEY ("professional_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      `ALTER TABLE "conversations" ADD CONSTRAINT "conversations_line_fkey" FOREIGN KEY ("line_id") REFERENCES "order_details"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
      `ALTER TABLE "conversations" ADD CONSTRAINT "conversations_reporter_fkey" FOREIGN KEY ("reported_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
      `ALTER TABLE "conversation_reads" ADD CONSTRAINT "conversation_reads_user_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      `ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_fkey" FOREIGN KEY ("sender_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    ]) {
      await queryRunner.query(statement);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "message_images"`);
    await queryRunner.query(`DROP TABLE "messages"`);
    await queryRunner.query(`DROP TYPE "public"."message_kind"`);
    await queryRunner.query(`DROP TABLE "conversation_reads"`);
    await queryRunner.query(`DROP TABLE "conversations"`);
  }
}
