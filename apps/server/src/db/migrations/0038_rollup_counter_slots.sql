-- Decision 100: the network-wide daily counters (per ad, per variant) spread over slots a screen
-- always writes the same one of; existing rows are slot 0. drizzle-kit wrote the key before the
-- column it names; the column comes first here.
ALTER TABLE "play_rollups_ad_daily" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "play_rollups_variant_daily" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "play_rollups_ad_daily" DROP CONSTRAINT "play_rollups_ad_daily_play_date_ad_id_pk";--> statement-breakpoint
ALTER TABLE "play_rollups_variant_daily" DROP CONSTRAINT "play_rollups_variant_daily_play_date_variant_id_pk";--> statement-breakpoint
ALTER TABLE "play_rollups_ad_daily" ADD CONSTRAINT "play_rollups_ad_daily_play_date_ad_id_slot_pk" PRIMARY KEY("play_date","ad_id","slot");--> statement-breakpoint
ALTER TABLE "play_rollups_variant_daily" ADD CONSTRAINT "play_rollups_variant_daily_play_date_variant_id_slot_pk" PRIMARY KEY("play_date","variant_id","slot");
