CREATE TABLE "ad_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ad_id" uuid NOT NULL,
	"label" text NOT NULL,
	"type" text NOT NULL,
	"media_url" text NOT NULL,
	"duration_seconds" integer,
	"weight" integer DEFAULT 50 NOT NULL,
	"link_code" text,
	"link_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_variants_weight_range" CHECK ("ad_variants"."weight" between 0 and 100),
	CONSTRAINT "ad_variants_type_valid" CHECK ("ad_variants"."type" in ('IMAGE', 'VIDEO')),
	CONSTRAINT "ad_variants_duration_positive" CHECK ("ad_variants"."duration_seconds" is null or "ad_variants"."duration_seconds" > 0),
	CONSTRAINT "ad_variants_link_pair" CHECK (("ad_variants"."link_code" is null) = ("ad_variants"."link_url" is null))
);
--> statement-breakpoint
CREATE TABLE "link_scans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"variant_id" uuid NOT NULL,
	"ad_id" uuid NOT NULL,
	"screen_id" uuid,
	"scanned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "play_rollups_variant_daily" (
	"play_date" date NOT NULL,
	"variant_id" uuid NOT NULL,
	"ad_id" uuid NOT NULL,
	"plays" integer NOT NULL,
	CONSTRAINT "play_rollups_variant_daily_play_date_variant_id_pk" PRIMARY KEY("play_date","variant_id")
);
--> statement-breakpoint
CREATE TABLE "rate_card_dayparts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rate_card_id" uuid NOT NULL,
	"name" text NOT NULL,
	"days_of_week" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"multiplier_bps" integer NOT NULL,
	CONSTRAINT "rate_card_dayparts_multiplier_range" CHECK ("rate_card_dayparts"."multiplier_bps" between 1000 and 100000),
	CONSTRAINT "rate_card_dayparts_days_valid" CHECK ("rate_card_dayparts"."days_of_week" <@ '{0,1,2,3,4,5,6}'::integer[]),
	CONSTRAINT "rate_card_dayparts_window" CHECK ("rate_card_dayparts"."start_time" <> "rate_card_dayparts"."end_time")
);
--> statement-breakpoint
CREATE TABLE "rate_card_tiers" (
	"rate_card_id" uuid NOT NULL,
	"tier" text NOT NULL,
	"rate_minor" integer NOT NULL,
	CONSTRAINT "rate_card_tiers_rate_card_id_tier_pk" PRIMARY KEY("rate_card_id","tier"),
	CONSTRAINT "rate_card_tiers_tier_valid" CHECK ("rate_card_tiers"."tier" in ('STANDARD', 'PREMIUM', 'FLAGSHIP')),
	CONSTRAINT "rate_card_tiers_rate_positive" CHECK ("rate_card_tiers"."rate_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "rate_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "takeovers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"message" text,
	"ad_id" uuid,
	"screen_ids" uuid[] NOT NULL,
	"started_by" uuid,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"ended_by" uuid,
	CONSTRAINT "takeovers_kind_valid" CHECK ("takeovers"."kind" in ('MESSAGE', 'AD')),
	CONSTRAINT "takeovers_kind_payload" CHECK (("takeovers"."kind" = 'MESSAGE' and "takeovers"."message" is not null) or ("takeovers"."kind" = 'AD' and "takeovers"."ad_id" is not null)),
	CONSTRAINT "takeovers_has_screens" CHECK (cardinality("takeovers"."screen_ids") > 0)
);
--> statement-breakpoint
ALTER TABLE "outlets" ADD COLUMN "tier" text DEFAULT 'STANDARD' NOT NULL;--> statement-breakpoint
ALTER TABLE "play_rollups_ad_daily" ADD COLUMN "amount_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "play_rollups_daily" ADD COLUMN "amount_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "play_rollups_screen_daily" ADD COLUMN "amount_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "playback_logs" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "playback_logs" ADD COLUMN "price_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ad_variants" ADD CONSTRAINT "ad_variants_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_scans" ADD CONSTRAINT "link_scans_variant_id_ad_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."ad_variants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_card_dayparts" ADD CONSTRAINT "rate_card_dayparts_rate_card_id_rate_cards_id_fk" FOREIGN KEY ("rate_card_id") REFERENCES "public"."rate_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_card_tiers" ADD CONSTRAINT "rate_card_tiers_rate_card_id_rate_cards_id_fk" FOREIGN KEY ("rate_card_id") REFERENCES "public"."rate_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_cards" ADD CONSTRAINT "rate_cards_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takeovers" ADD CONSTRAINT "takeovers_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takeovers" ADD CONSTRAINT "takeovers_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takeovers" ADD CONSTRAINT "takeovers_ended_by_users_id_fk" FOREIGN KEY ("ended_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ad_variants_ad_label_uq" ON "ad_variants" USING btree ("ad_id",lower("label"));--> statement-breakpoint
CREATE UNIQUE INDEX "ad_variants_link_code_uq" ON "ad_variants" USING btree ("link_code");--> statement-breakpoint
CREATE INDEX "link_scans_variant_time_idx" ON "link_scans" USING btree ("variant_id","scanned_at");--> statement-breakpoint
CREATE INDEX "link_scans_ad_time_idx" ON "link_scans" USING btree ("ad_id","scanned_at");--> statement-breakpoint
CREATE INDEX "play_rollups_variant_ad_date_idx" ON "play_rollups_variant_daily" USING btree ("ad_id","play_date");--> statement-breakpoint
CREATE INDEX "rate_card_dayparts_card_idx" ON "rate_card_dayparts" USING btree ("rate_card_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rate_cards_effective_from_uq" ON "rate_cards" USING btree ("effective_from");--> statement-breakpoint
CREATE INDEX "takeovers_screen_ids_idx" ON "takeovers" USING gin ("screen_ids");--> statement-breakpoint
CREATE INDEX "takeovers_started_at_idx" ON "takeovers" USING btree ("started_at");--> statement-breakpoint
ALTER TABLE "playback_logs" ADD CONSTRAINT "playback_logs_variant_id_ad_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."ad_variants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outlets" ADD CONSTRAINT "outlets_tier_valid" CHECK ("outlets"."tier" in ('STANDARD', 'PREMIUM', 'FLAGSHIP'));--> statement-breakpoint
-- The first rate card (decision 033), in force since before any play: 150 paise a play at a
-- standard outlet (the payout default until now), no peak dayparts. Plays stored before this
-- migration were all at standard outlets, so they are priced at that rate.
INSERT INTO "rate_cards" ("id", "effective_from", "note") VALUES ('00000000-0000-4000-8000-000000000001', '1970-01-01T00:00:00Z', 'Launch rate card');--> statement-breakpoint
INSERT INTO "rate_card_tiers" ("rate_card_id", "tier", "rate_minor") VALUES ('00000000-0000-4000-8000-000000000001', 'STANDARD', 150), ('00000000-0000-4000-8000-000000000001', 'PREMIUM', 225), ('00000000-0000-4000-8000-000000000001', 'FLAGSHIP', 300);--> statement-breakpoint
UPDATE "playback_logs" SET "price_minor" = 150 * "play_count";--> statement-breakpoint
UPDATE "play_rollups_daily" SET "amount_minor" = 150::bigint * "plays";--> statement-breakpoint
UPDATE "play_rollups_ad_daily" SET "amount_minor" = 150::bigint * "plays";--> statement-breakpoint
UPDATE "play_rollups_screen_daily" SET "amount_minor" = 150::bigint * "plays";--> statement-breakpoint
-- Rollup indexes carry the amounts too, so spend and payouts stay index-only (see 0005).
DROP INDEX "play_rollups_company_date_idx";--> statement-breakpoint
CREATE INDEX "play_rollups_company_date_idx" ON "play_rollups_daily" USING btree ("company_id","play_date") INCLUDE ("ad_id","screen_id","outlet_id","plays","amount_minor");--> statement-breakpoint
DROP INDEX "play_rollups_outlet_date_idx";--> statement-breakpoint
CREATE INDEX "play_rollups_outlet_date_idx" ON "play_rollups_daily" USING btree ("outlet_id","play_date") INCLUDE ("ad_id","screen_id","company_id","plays","amount_minor");--> statement-breakpoint
DROP INDEX "play_rollups_screen_date_idx";--> statement-breakpoint
CREATE INDEX "play_rollups_screen_date_idx" ON "play_rollups_daily" USING btree ("screen_id","play_date") INCLUDE ("ad_id","company_id","outlet_id","plays","amount_minor");--> statement-breakpoint
DROP INDEX "play_rollups_ad_company_date_idx";--> statement-breakpoint
CREATE INDEX "play_rollups_ad_company_date_idx" ON "play_rollups_ad_daily" USING btree ("company_id","play_date") INCLUDE ("ad_id","plays","amount_minor");--> statement-breakpoint
DROP INDEX "play_rollups_screen_outlet_date_idx";--> statement-breakpoint
CREATE INDEX "play_rollups_screen_outlet_date_idx" ON "play_rollups_screen_daily" USING btree ("outlet_id","play_date") INCLUDE ("screen_id","plays","amount_minor");
