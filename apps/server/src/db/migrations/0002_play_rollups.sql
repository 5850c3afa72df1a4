CREATE TABLE "play_rollups_daily" (
	"play_date" date NOT NULL,
	"ad_id" uuid NOT NULL,
	"screen_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"outlet_id" uuid NOT NULL,
	"plays" integer NOT NULL,
	CONSTRAINT "play_rollups_daily_play_date_ad_id_screen_id_pk" PRIMARY KEY("play_date","ad_id","screen_id")
);
--> statement-breakpoint
CREATE INDEX "play_rollups_company_date_idx" ON "play_rollups_daily" USING btree ("company_id","play_date");--> statement-breakpoint
CREATE INDEX "play_rollups_outlet_date_idx" ON "play_rollups_daily" USING btree ("outlet_id","play_date");--> statement-breakpoint
CREATE INDEX "play_rollups_screen_date_idx" ON "play_rollups_daily" USING btree ("screen_id","play_date");--> statement-breakpoint
INSERT INTO "play_rollups_daily" ("play_date", "ad_id", "screen_id", "company_id", "outlet_id", "plays")
SELECT "play_date", "ad_id", "screen_id", "company_id", "outlet_id", count(*)::int FROM "playback_logs" GROUP BY 1, 2, 3, 4, 5;