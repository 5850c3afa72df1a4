-- The rollup indexes carry every column the analytics queries read, so a slice is answered by
-- an index-only scan. (drizzle-kit cannot express INCLUDE; the schema declares the key columns.)
DROP INDEX "play_rollups_company_date_idx";--> statement-breakpoint
CREATE INDEX "play_rollups_company_date_idx" ON "play_rollups_daily" USING btree ("company_id","play_date") INCLUDE ("ad_id","screen_id","outlet_id","plays");--> statement-breakpoint
DROP INDEX "play_rollups_outlet_date_idx";--> statement-breakpoint
CREATE INDEX "play_rollups_outlet_date_idx" ON "play_rollups_daily" USING btree ("outlet_id","play_date") INCLUDE ("ad_id","screen_id","company_id","plays");--> statement-breakpoint
DROP INDEX "play_rollups_screen_date_idx";--> statement-breakpoint
CREATE INDEX "play_rollups_screen_date_idx" ON "play_rollups_daily" USING btree ("screen_id","play_date") INCLUDE ("ad_id","company_id","outlet_id","plays");--> statement-breakpoint
DROP INDEX "play_rollups_ad_company_date_idx";--> statement-breakpoint
CREATE INDEX "play_rollups_ad_company_date_idx" ON "play_rollups_ad_daily" USING btree ("company_id","play_date") INCLUDE ("ad_id","plays");--> statement-breakpoint
DROP INDEX "play_rollups_screen_outlet_date_idx";--> statement-breakpoint
CREATE INDEX "play_rollups_screen_outlet_date_idx" ON "play_rollups_screen_daily" USING btree ("outlet_id","play_date") INCLUDE ("screen_id","plays");
