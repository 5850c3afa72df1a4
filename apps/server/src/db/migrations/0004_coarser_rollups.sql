CREATE TABLE "play_rollups_ad_daily" (
	"play_date" date NOT NULL,
	"ad_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"plays" integer NOT NULL,
	CONSTRAINT "play_rollups_ad_daily_play_date_ad_id_pk" PRIMARY KEY("play_date","ad_id")
);
--> statement-breakpoint
CREATE TABLE "play_rollups_screen_daily" (
	"play_date" date NOT NULL,
	"screen_id" uuid NOT NULL,
	"outlet_id" uuid NOT NULL,
	"plays" integer NOT NULL,
	CONSTRAINT "play_rollups_screen_daily_play_date_screen_id_pk" PRIMARY KEY("play_date","screen_id")
);
--> statement-breakpoint
DROP INDEX "playback_logs_screen_time_idx";--> statement-breakpoint
DROP INDEX "playback_logs_ad_time_idx";--> statement-breakpoint
DROP INDEX "playback_logs_company_time_idx";--> statement-breakpoint
DROP INDEX "playback_logs_outlet_time_idx";--> statement-breakpoint
CREATE INDEX "play_rollups_ad_company_date_idx" ON "play_rollups_ad_daily" USING btree ("company_id","play_date");--> statement-breakpoint
CREATE INDEX "play_rollups_screen_outlet_date_idx" ON "play_rollups_screen_daily" USING btree ("outlet_id","play_date");--> statement-breakpoint
CREATE INDEX "playback_logs_screen_time_idx" ON "playback_logs" USING btree ("screen_id","played_at","id");--> statement-breakpoint
CREATE INDEX "playback_logs_ad_time_idx" ON "playback_logs" USING btree ("ad_id","played_at","id");--> statement-breakpoint
CREATE INDEX "playback_logs_company_time_idx" ON "playback_logs" USING btree ("company_id","played_at","id");--> statement-breakpoint
CREATE INDEX "playback_logs_outlet_time_idx" ON "playback_logs" USING btree ("outlet_id","played_at","id");--> statement-breakpoint
INSERT INTO "play_rollups_ad_daily" ("play_date", "ad_id", "company_id", "plays")
SELECT "play_date", "ad_id", "company_id", sum("plays")::int FROM "play_rollups_daily" GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO "play_rollups_screen_daily" ("play_date", "screen_id", "outlet_id", "plays")
SELECT "play_date", "screen_id", "outlet_id", sum("plays")::int FROM "play_rollups_daily" GROUP BY 1, 2, 3;