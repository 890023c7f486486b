import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The FK's of other modules' tables that now point at the catalogue's professionals instead of the accounts. */
const TO_PROFESSIONALS: [table: string, name: string, onDelete: string][] = [
  ['cart_details', 'FK_050c25b7bbc0d46385a94e0f778', 'CASCADE'],
  ['order_details', 'FK_f818db39b5f93cccdd1b01de84a', 'RESTRICT'],
  ['reviews', 'FK_5f6682d4c520380ddffafa43213', 'CASCADE'],
];

/** The professional's columns the accounts had, as they were. */
const PROFESSIONAL_COLUMNS = ['about_me', 'day_price', 'available_days', 'rating', 'reputation'];

/**
 * Each module owns its tables. The catalogue gets `professionals` (a professional's public profile plus the contact
 * the listing shows, same id as the account), the listing's indexes move there, and `users` keeps only accounts.
 * Orders get `order_payment_alerts` (what administrators see about an order's money), filled from the payments
 * flagged so far. Carts' one-per-client rule becomes a named unique index.
 */
export class ModuleOwnership1764300000000 implements MigrationInterface {
  name = 'ModuleOwnership1764300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of [
      `CREATE TABLE "professionals" ("id" integer NOT NULL, "first_name" character varying(80) NOT NULL, "last_name" character varying(80) NOT NULL, "email" character varying(254) NOT NULL, "phone_number" character varying(40) NOT NULL DEFAULT '', "address" character varying(200) NOT NULL DEFAULT '', "profile_img" character varying(500), "search_name" character varying(161) NOT NULL, "about_me" text NOT NULL DEFAULT '', "day_price" numeric(10,2) NOT NULL DEFAULT '0', "available_days" text array NOT NULL DEFAULT '{}', "rating" smallint NOT NULL DEFAULT '0', "reputation" integer NOT NULL DEFAULT '0', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "professionals_day_price_positive" CHECK (day_price >= 0), CONSTRAINT "professionals_rating_range" CHECK (rating BETWEEN 0 AND 5), CONSTRAINT "PK_d7dc8473b49fcd938def2799387" PRIMARY KEY ("id"))`,
      `ALTER TABLE "professionals" ADD CONSTRAINT "professionals_account_fkey" FOREIGN KEY ("id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      `INSERT INTO "professionals" ("id", "first_name", "last_name", "email", "phone_number", "address", "profile_img", "search_name", "about_me", "day_price", "available_days", "rating", "reputation", "created_at", "updated_at")
       SELECT "id", "first_name", "last_name", "email", "phone_number", "address", "profile_img", "search_name", COALESCE("about_me", ''), COALESCE("day_price", 0), COALESCE("available_days", '{}'), "rating", "reputation", "created_at", "updated_at"
       FROM "users" WHERE "type" = 'profesional'`,
      `CREATE INDEX "professionals_name_idx" ON "professionals" ("search_name" COLLATE "C", "id")`,
      `CREATE INDEX "professionals_name_desc_idx" ON "professionals" ("search_name" COLLATE "C" DESC, "id")`,
      `CREATE INDEX "professionals_rating_idx" ON "professionals" ("rating", "id")`,
      `CREATE INDEX "professionals_rating_desc_idx" ON "professionals" ("rating" DESC, "id")`,
      `CREATE INDEX "professionals_search_name_trgm_idx" ON "professionals" USING gin ("search_name" gin_trgm_ops)`,
      `ALTER TABLE "professional_professions" DROP CONSTRAINT "FK_46f113bb9747cc37de3067936bd"`,
      `ALTER TABLE "professional_professions" ADD CONSTRAINT "FK_46f113bb9747cc37de3067936bd" FOREIGN KEY ("professional_id") REFERENCES "professionals"("id") ON DELETE CASCADE ON UPDATE CASCADE`,
      ...TO_PROFESSIONALS.flatMap(([table, name, onDelete]) => [
        `ALTER TABLE "${table}" DROP CONSTRAINT "${name}"`,
        `ALTER TABLE "${table}" ADD CONSTRAINT "${name}" FOREIGN KEY ("professional_id") REFERENCES "professionals"("id") ON DELETE ${onDelete} ON UPDATE NO ACTION`,
      ]),
      `DROP INDEX "public"."users_professional_id_idx"`,
      `DROP INDEX "public"."users_professional_name_idx"`,
      `DROP INDEX "public"."users_professional_name_desc_idx"`,
      `DROP INDEX "public"."users_professional_rating_idx"`,
      `DROP INDEX "public"."users_professional_rating_desc_idx"`,
      `DROP INDEX "public"."users_search_name_trgm_idx"`,
      `ALTER TABLE "users" DROP CONSTRAINT "users_day_price_positive"`,
      `ALTER TABLE "users" DROP CONSTRAINT "users_rating_range"`,
      ...[...PROFESSIONAL_COLUMNS, 'search_name'].map((column) => `ALTER TABLE "users" DROP COLUMN "${column}"`),
      `CREATE TABLE "order_payment_alerts" ("id" SERIAL NOT NULL, "order_id" integer NOT NULL, "payment_id" integer, "needs_review" boolean NOT NULL DEFAULT false, "refund_due" boolean NOT NULL DEFAULT false, "reason" character varying(500) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_2efd55191dbd0c88df8aff18dec" PRIMARY KEY ("id"))`,
      `CREATE INDEX "order_payment_alerts_order_idx" ON "order_payment_alerts"  ("order_id") `,
      `CREATE UNIQUE INDEX "order_payment_alerts_payment_key" ON "order_payment_alerts"  ("order_id", "payment_id") WHERE payment_id IS NOT NULL`,
      `ALTER TABLE "order_payment_alerts" ADD CONSTRAINT "FK_4eeef5319e63f4c88d8cd8a1f45" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      `INSERT INTO "order_payment_alerts" ("order_id", "payment_id", "needs_review", "refund_due", "reason", "created_at")
       SELECT "order_id", "id", "needs_review", "refund_due", COALESCE("review_reason", ''), "updated_at" FROM "payments" WHERE "needs_review" OR "refund_due"`,
      `ALTER TABLE "carts" DROP CONSTRAINT "REL_e123c49ba6e8da0437583052b3"`,
      `CREATE UNIQUE INDEX "carts_client_key" ON "carts"  ("client_id") `,
    ]) {
      await queryRunner.query(statement);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const statement of [
      `DROP INDEX "public"."carts_client_key"`,
      `ALTER TABLE "carts" ADD CONSTRAINT "REL_e123c49ba6e8da0437583052b3" UNIQUE ("client_id")`,
      `DROP TABLE "order_payment_alerts"`,
      `ALTER TABLE "users" ADD "search_name" character varying(161)`,
      `ALTER TABLE "users" ADD "about_me" text`,
      `ALTER TABLE "users" ADD "day_price" numeric(10,2)`,
      `ALTER TABLE "users" ADD "available_days" text array`,
      `ALTER TABLE "users" ADD "rating" smallint NOT NULL DEFAULT '0'`,
      `ALTER TABLE "users" ADD "reputation" integer NOT NULL DEFAULT '0'`,
      `UPDATE "users" u SET "search_name" = p."search_name", "about_me" = p."about_me", "day_price" = p."day_price",
         "available_days" = p."available_days", "rating" = p."rating", "reputation" = p."reputation"
       FROM "professionals" p WHERE p."id" = u."id"`,
      // Everyone else's sort key, as nameSortKey() makes it (lower case, no accents, single spaces).
      `UPDATE "users" SET "search_name" = trim(regexp_replace(translate(lower("first_name" || ' ' || "last_name"), 'áàâäãéèêëíìîïóòôöõúùûüñç', 'aaaaaeeeeiiiiooooouuuunc'), '\\s+', ' ', 'g'))
       WHERE "search_name" IS NULL`,
      `ALTER TABLE "users" ALTER COLUMN "search_name" SET NOT NULL`,
      `ALTER TABLE "users" ADD CONSTRAINT "users_rating_range" CHECK (rating BETWEEN 0 AND 5)`,
      `ALTER TABLE "users" ADD CONSTRAINT "users_day_price_positive" CHECK (day_price IS NULL OR day_price >= 0)`,
      `CREATE INDEX "users_professional_id_idx" ON "users" ("id") WHERE type = 'profesional'`,
      `CREATE INDEX "users_professional_name_idx" ON "users" ("search_name" COLLATE "C", "id") WHERE type = 'profesional'`,
      `CREATE INDEX "users_professional_name_desc_idx" ON "users" ("search_name" COLLATE "C" DESC, "id") WHERE type = 'profesional'`,
      `CREATE INDEX "users_professional_rating_idx" ON "users" ("rating", "id") WHERE type = 'profesional'`,
      `CREATE INDEX "users_professional_rating_desc_idx" ON "users" ("rating" DESC, "id") WHERE type = 'profesional'`,
      `CREATE INDEX "users_search_name_trgm_idx" ON "users" USING gin ("search_name" gin_trgm_ops) WHERE type = 'profesional'`,
      ...TO_PROFESSIONALS.flatMap(([table, name, onDelete]) => [
        `ALTER TABLE "${table}" DROP CONSTRAINT "${name}"`,
        `ALTER TABLE "${table}" ADD CONSTRAINT "${name}" FOREIGN KEY ("professional_id") REFERENCES "users"("id") ON DELETE ${onDelete} ON UPDATE NO ACTION`,
      ]),
      `ALTER TABLE "professional_professions" DROP CONSTRAINT "FK_46f113bb9747cc37de3067936bd"`,
      `ALTER TABLE "professional_professions" ADD CONSTRAINT "FK_46f113bb9747cc37de3067936bd" FOREIGN KEY ("professional_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE`,
      `DROP TABLE "professionals"`,
    ]) {
      await queryRunner.query(statement);
    }
  }
}
