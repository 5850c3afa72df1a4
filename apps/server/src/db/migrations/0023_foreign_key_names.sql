-- Decision 079: the foreign keys that hand-written migrations 0011-0022 declared inline took
-- PostgreSQL's names (table_column_fkey); schema.ts and drizzle-kit name them table_column_table_column_fk.
-- Renamed to drizzle-kit's names (a catalog change, no rows read), so a migration generated later
-- for one of them drops the constraint by the name it really has.
ALTER TABLE "ad_revisions" RENAME CONSTRAINT "ad_revisions_ad_id_fkey" TO "ad_revisions_ad_id_ads_id_fk";
--> statement-breakpoint
ALTER TABLE "ad_revisions" RENAME CONSTRAINT "ad_revisions_submitted_by_fkey" TO "ad_revisions_submitted_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "ad_revisions" RENAME CONSTRAINT "ad_revisions_reviewed_by_fkey" TO "ad_revisions_reviewed_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "media_uploads" RENAME CONSTRAINT "media_uploads_file_name_fkey" TO "media_uploads_file_name_media_files_name_fk";
--> statement-breakpoint
ALTER TABLE "media_uploads" RENAME CONSTRAINT "media_uploads_company_id_fkey" TO "media_uploads_company_id_companies_id_fk";
--> statement-breakpoint
ALTER TABLE "media_uploads" RENAME CONSTRAINT "media_uploads_uploaded_by_fkey" TO "media_uploads_uploaded_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "screen_state_changes" RENAME CONSTRAINT "screen_state_changes_screen_id_fkey" TO "screen_state_changes_screen_id_screens_id_fk";
--> statement-breakpoint
ALTER TABLE "screen_state_changes" RENAME CONSTRAINT "screen_state_changes_source_id_fkey" TO "screen_state_changes_source_id_screen_activity_id_fk";
--> statement-breakpoint
ALTER TABLE "alerts" RENAME CONSTRAINT "alerts_outlet_id_fkey" TO "alerts_outlet_id_outlets_id_fk";
--> statement-breakpoint
ALTER TABLE "alerts" RENAME CONSTRAINT "alerts_screen_id_fkey" TO "alerts_screen_id_screens_id_fk";
--> statement-breakpoint
ALTER TABLE "screen_outages" RENAME CONSTRAINT "screen_outages_screen_id_fkey" TO "screen_outages_screen_id_screens_id_fk";
--> statement-breakpoint
ALTER TABLE "screen_outages" RENAME CONSTRAINT "screen_outages_outlet_id_fkey" TO "screen_outages_outlet_id_outlets_id_fk";
--> statement-breakpoint
ALTER TABLE "screen_outages" RENAME CONSTRAINT "screen_outages_alert_id_fkey" TO "screen_outages_alert_id_alerts_id_fk";
--> statement-breakpoint
ALTER TABLE "alert_deliveries" RENAME CONSTRAINT "alert_deliveries_alert_id_fkey" TO "alert_deliveries_alert_id_alerts_id_fk";
--> statement-breakpoint
ALTER TABLE "screen_screenshots" RENAME CONSTRAINT "screen_screenshots_screen_id_fkey" TO "screen_screenshots_screen_id_screens_id_fk";
--> statement-breakpoint
ALTER TABLE "screen_screenshots" RENAME CONSTRAINT "screen_screenshots_requested_by_fkey" TO "screen_screenshots_requested_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "screen_health" RENAME CONSTRAINT "screen_health_screen_id_fkey" TO "screen_health_screen_id_screens_id_fk";
--> statement-breakpoint
ALTER TABLE "screen_request_times" RENAME CONSTRAINT "screen_request_times_screen_id_fkey" TO "screen_request_times_screen_id_screens_id_fk";
--> statement-breakpoint
ALTER TABLE "screen_served_lists" RENAME CONSTRAINT "screen_served_lists_screen_id_fkey" TO "screen_served_lists_screen_id_screens_id_fk";
