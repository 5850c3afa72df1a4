ALTER TABLE "ads" ADD COLUMN "target_tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "target_outlet_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "target_pincodes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "target_cities" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "start_date" date;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "end_date" date;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "days_of_week" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "start_time" time;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "end_time" time;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "priority" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "share_of_voice" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_dates_ordered" CHECK ("ads"."end_date" is null or "ads"."start_date" is null or "ads"."end_date" >= "ads"."start_date");--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_share_of_voice_range" CHECK ("ads"."share_of_voice" between 1 and 100);--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_days_of_week_valid" CHECK ("ads"."days_of_week" <@ '{0,1,2,3,4,5,6}'::integer[]);