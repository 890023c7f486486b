import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The whole data model (spec section 3). The first block is what TypeORM
 * derives from the entities (a test checks they still agree); the second holds
 * what entities cannot express: the listing's partial, "C"-collated and
 * trigram indexes and the case-insensitive profession name key.
 */
export class InitialSchema1763800000000 implements MigrationInterface {
  name = 'InitialSchema1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const fromEntities = [
      `CREATE TABLE "professions" ("id" SERIAL NOT NULL, "name" character varying(60) NOT NULL, CONSTRAINT "PK_9247c0d4b30fc6b796d59262058" PRIMARY KEY ("id"))`,
      `CREATE TYPE "public"."user_type" AS ENUM('cliente', 'profesional', 'administrador')`,
      `CREATE TABLE "users" ("id" SERIAL NOT NULL, "type" "public"."user_type" NOT NULL, "first_name" character varying(80) NOT NULL, "last_name" character varying(80) NOT NULL, "email" character varying(254) NOT NULL, "password_hash" character varying(255), "phone_number" character varying(40) NOT NULL DEFAULT '', "address" character varying(200) NOT NULL DEFAULT '', "profile_img" character varying(500), "auth_id" character varying(255), "google" boolean NOT NULL DEFAULT false, "search_name" character varying(161) NOT NULL, "about_me" text, "day_price" numeric(10,2), "available_days" text array, "rating" smallint NOT NULL DEFAULT '0', "reputation" integer NOT NULL DEFAULT '0', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "users_day_price_positive" CHECK (day_price IS NULL OR day_price >= 0), CONSTRAINT "users_rating_range" CHECK (rating BETWEEN 0 AND 5), CONSTRAINT "PK_a3ffb1c0c8416b9fc6f907b7433" PRIMARY KEY ("id"))`,
      `CREATE UNIQUE INDEX "users_email_key" ON "users"  ("email") `,
      `CREATE UNIQUE INDEX "users_auth_id_key" ON "users"  ("auth_id") WHERE auth_id IS NOT NULL`,
      `CREATE TABLE "cart_details" ("id" SERIAL NOT NULL, "cart_id" integer NOT NULL, "professional_id" integer NOT NULL, "days" text array NOT NULL DEFAULT '{}', CONSTRAINT "PK_6ac8b222cc04b34e7c14c1205cf" PRIMARY KEY ("id"))`,
      `CREATE UNIQUE INDEX "cart_details_cart_professional_key" ON "cart_details"  ("cart_id", "professional_id") `,
      `CREATE TABLE "carts" ("id" SERIAL NOT NULL, "client_id" integer NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "REL_e123c49ba6e8da0437583052b3" UNIQUE ("client_id"), CONSTRAINT "PK_b5f695a59f5ebb50af3c8160816" PRIMARY KEY ("id"))`,
      `CREATE TABLE "password_reset_tokens" ("id" SERIAL NOT NULL, "user_id" integer NOT NULL, "token_hash" character varying(128) NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_d16bebd73e844c48bca50ff8d3d" PRIMARY KEY ("id"))`,
      `CREATE INDEX "password_reset_tokens_user_idx" ON "password_reset_tokens"  ("user_id") `,
      `CREATE UNIQUE INDEX "password_reset_tokens_hash_key" ON "password_reset_tokens"  ("token_hash") `,
      `CREATE TABLE "notifications" ("id" SERIAL NOT NULL, "user_id" integer NOT NULL, "kind" character varying(60) NOT NULL, "message" text NOT NULL, "data" jsonb NOT NULL DEFAULT '{}', "source_event_id" uuid, "read_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_6a72c3c0f683f6462415e653c3a" PRIMARY KEY ("id"))`,
      `CREATE UNIQUE INDEX "notifications_source_key" ON "notifications"  ("source_event_id") WHERE source_event_id IS NOT NULL`,
      `CREATE INDEX "notifications_user_idx" ON "notifications"  ("user_id", "created_at") `,
      `CREATE TYPE "public"."order_status" AS ENUM('creada', 'procesando', 'cancelada', 'completa')`,
      `CREATE TABLE "order_details" ("id" SERIAL NOT NULL, "order_id" integer NOT NULL, "client_id" integer NOT NULL, "professional_id" integer NOT NULL, "days" text array NOT NULL, "reservation_amount" numeric(12,2) NOT NULL, "status" "public"."order_status" NOT NULL DEFAULT 'creada', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_278a6e0f21c9db1653e6f406801" PRIMARY KEY ("id"))`,
      `CREATE INDEX "order_details_order_idx" ON "order_details"  ("order_id") `,
      `CREATE INDEX "order_details_client_idx" ON "order_details"  ("client_id") `,
      `CREATE INDEX "order_details_professional_idx" ON "order_details"  ("professional_id") `,
      `CREATE TABLE "orders" ("id" SERIAL NOT NULL, "client_id" integer NOT NULL, "amount" numeric(12,2) NOT NULL, "status" "public"."order_status" NOT NULL DEFAULT 'creada', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_710e2d4957aa5878dfe94e4ac2f" PRIMARY KEY ("id"))`,
      `CREATE INDEX "orders_client_idx" ON "orders"  ("client_id") `,
      `CREATE INDEX "orders_status_idx" ON "orders"  ("status", "created_at") `,
      `CREATE TABLE "outbox_events" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "type" character varying(80) NOT NULL, "payload" jsonb NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "sent_at" TIMESTAMP WITH TIME ZONE, "attempts" integer NOT NULL DEFAULT '0', CONSTRAINT "PK_6689a16c00d09b8089f6237f1d2" PRIMARY KEY ("id"))`,
      `CREATE INDEX "outbox_events_pending_idx" ON "outbox_events"  ("created_at") WHERE sent_at IS NULL`,
      `CREATE TYPE "public"."payment_status" AS ENUM('pending', 'approved', 'rejected', 'cancelled')`,
      `CREATE TABLE "payments" ("id" SERIAL NOT NULL, "order_id" integer NOT NULL, "provider" character varying(20) NOT NULL, "preference_id" character varying(100), "provider_payment_id" character varying(100), "status" "public"."payment_status" NOT NULL DEFAULT 'pending', "amount" numeric(12,2) NOT NULL, "checkout_url" character varying(1000), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_197ab7af18c93fbb0c9b28b4a59" PRIMARY KEY ("id"))`,
      `CREATE INDEX "payments_order_idx" ON "payments"  ("order_id") `,
      `CREATE UNIQUE INDEX "payments_provider_payment_key" ON "payments"  ("provider_payment_id") WHERE provider_payment_id IS NOT NULL`,
      `CREATE TABLE "reviews" ("id" SERIAL NOT NULL, "professional_id" integer NOT NULL, "client_id" integer NOT NULL, "order_detail_id" integer, "comment" text NOT NULL DEFAULT '', "rating" smallint NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "reviews_rating_range" CHECK (rating BETWEEN 1 AND 5), CONSTRAINT "PK_231ae565c273ee700b283f15c1d" PRIMARY KEY ("id"))`,
      `CREATE INDEX "reviews_professional_idx" ON "reviews"  ("professional_id") `,
      `CREATE INDEX "reviews_client_idx" ON "reviews"  ("client_id") `,
      `CREATE UNIQUE INDEX "reviews_order_detail_key" ON "reviews"  ("order_detail_id") WHERE order_detail_id IS NOT NULL`,
      `CREATE TABLE "professional_professions" ("professional_id" integer NOT NULL, "profession_id" integer NOT NULL, CONSTRAINT "PK_2262e1d88c8fbe08a9a30d1d199" PRIMARY KEY ("professional_id", "profession_id"))`,
      `CREATE INDEX "IDX_46f113bb9747cc37de3067936b" ON "professional_professions"  ("professional_id") `,
      `CREATE INDEX "IDX_b3411000e6ff8fb935946aac12" ON "professional_professions"  ("profession_id") `,
      `ALTER TABLE "cart_details" ADD CONSTRAINT "FK_c81e3af806614bbf45024de3ca4" FOREIGN KEY ("cart_id") REFERENCES "carts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      `ALTER TABLE "cart_details" ADD CONSTRAINT "FK_050c25b7bbc0d46385a94e0f778" FOREIGN KEY ("professional_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      `ALTER TABLE "carts" ADD CONSTRAINT "FK_e123c49ba6e8da0437583052b3d" FOREIGN KEY ("client_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      `ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "FK_52ac39dd8a28730c63aeb428c9c" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      `ALTER TABLE "notifications" ADD CONSTRAINT "FK_9a8a82462cab47c73d25f49261f" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      `ALTER TABLE "order_details" ADD CONSTRAINT "FK_3ff3367344edec5de2355a562ee" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      `ALTER TABLE "order_details" ADD CONSTRAINT "FK_f818db39b5f93cccdd1b01de84a" FOREIGN KEY ("professional_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
      `ALTER TABLE "order_details" ADD CONSTRAINT "FK_d3d3e3d7a771c76d04fd9373ef2" FOREIGN KEY ("client_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
      `ALTER TABLE "orders" ADD CONSTRAINT "FK_505ba3689ef2763acd6c4fc93a4" FOREIGN KEY ("client_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
      `ALTER TABLE "payments" ADD CONSTRAINT "FK_b2f7b823a21562eeca20e72b006" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      `ALTER TABLE "reviews" ADD CONSTRAINT "FK_5f6682d4c520380ddffafa43213" FOREIGN KEY ("professional_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      `ALTER TABLE "reviews" ADD CONSTRAINT "FK_d4e7e923e6bb78a8f0add754493" FOREIGN KEY ("client_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      `ALTER TABLE "professional_professions" ADD CONSTRAINT "FK_46f113bb9747cc37de3067936bd" FOREIGN KEY ("professional_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE`,
      `ALTER TABLE "professional_professions" ADD CONSTRAINT "FK_b3411000e6ff8fb935946aac120" FOREIGN KEY ("profession_id") REFERENCES "professions"("id") ON DELETE CASCADE ON UPDATE CASCADE`,
    ];
    const listingIndexes = [
      `CREATE EXTENSION IF NOT EXISTS pg_trgm`,
      `CREATE UNIQUE INDEX "professions_name_lower_key" ON "professions" (lower("name"))`,
      `CREATE INDEX "users_professional_id_idx" ON "users" ("id") WHERE type = 'profesional'`,
      `CREATE INDEX "users_professional_name_idx" ON "users" ("search_name" COLLATE "C", "id") WHERE type = 'profesional'`,
      `CREATE INDEX "users_professional_name_desc_idx" ON "users" ("search_name" COLLATE "C" DESC, "id") WHERE type = 'profesional'`,
      `CREATE INDEX "users_professional_rating_idx" ON "users" ("rating", "id") WHERE type = 'profesional'`,
      `CREATE INDEX "users_professional_rating_desc_idx" ON "users" ("rating" DESC, "id") WHERE type = 'profesional'`,
      `CREATE INDEX "users_search_name_trgm_idx" ON "users" USING gin ("search_name" gin_trgm_ops) WHERE type = 'profesional'`,
    ];
    for (const sql of [...fromEntities, ...listingIndexes]) await queryRunner.query(sql);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'professional_professions',
      'reviews',
      'payments',
      'outbox_events',
      'orders',
      'order_details',
      'notifications',
      'password_reset_tokens',
      'carts',
      'cart_details',
      'users',
      'professions',
    ])
      await queryRunner.query(`DROP TABLE IF EXISTS "${table}" CASCADE`);
    for (const type of ['payment_status', 'order_status', 'user_type']) await queryRunner.query(`DROP TYPE IF EXISTS "${type}"`);
  }
}
