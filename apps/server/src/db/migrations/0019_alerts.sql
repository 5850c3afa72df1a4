-- Decision 052: offline alerts. Outages and alerts live in the database so a restart or a second
-- server process never raises one twice; each alert is delivered once per channel.
ALTER TABLE "outlets" ADD COLUMN "offline_alert_minutes" integer;
--> statement-breakpoint
ALTER TABLE "outlets" ADD CONSTRAINT "outlets_offline_alert_minutes_range" CHECK ("offline_alert_minutes" between 1 and 1440);
--> statement-breakpoint
ALTER TABLE "outlets" ADD COLUMN "alert_webhook_url" text;
--> statement-breakpoint
ALTER TABLE "outlets" ADD COLUMN "alert_webhook_secret" text;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "alert_emails" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"outlet_id" uuid NOT NULL REFERENCES "outlets"("id") ON DELETE cascade,
	"screen_id" uuid REFERENCES "screens"("id") ON DELETE cascade,
	"screens" jsonb NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"downtime_seconds" integer,
	"raised_at" timestamp with time zone NOT NULL,
	CONSTRAINT "alerts_kind_valid" CHECK ("kind" in ('OFFLINE', 'REMINDER', 'BACK_ONLINE'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_subject_start_kind_uq" ON "alerts" USING btree (coalesce("screen_id", "outlet_id"), "started_at", "kind");
--> statement-breakpoint
CREATE INDEX "alerts_raised_idx" ON "alerts" USING btree ("raised_at", "id");
--> statement-breakpoint
CREATE INDEX "alerts_outlet_raised_idx" ON "alerts" USING btree ("outlet_id", "raised_at");
--> statement-breakpoint
CREATE TABLE "screen_outages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"screen_id" uuid NOT NULL REFERENCES "screens"("id") ON DELETE cascade,
	"outlet_id" uuid NOT NULL REFERENCES "outlets"("id") ON DELETE cascade,
	"started_at" timestamp with time zone NOT NULL,
	"detected_at" timestamp with time zone NOT NULL,
	"reminded_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"alert_id" uuid REFERENCES "alerts"("id") ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX "screen_outages_screen_start_uq" ON "screen_outages" USING btree ("screen_id", "started_at");
--> statement-breakpoint
CREATE INDEX "screen_outages_open_idx" ON "screen_outages" USING btree ("screen_id") WHERE "resolved_at" is null;
--> statement-breakpoint
CREATE TABLE "alert_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"alert_id" uuid NOT NULL REFERENCES "alerts"("id") ON DELETE cascade,
	"channel" text NOT NULL,
	"target" text NOT NULL,
	"recipients" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_deliveries_channel_valid" CHECK ("channel" in ('EMAIL', 'WEBHOOK')),
	CONSTRAINT "alert_deliveries_status_valid" CHECK ("status" in ('PENDING', 'SENT', 'FAILED'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "alert_deliveries_alert_channel_target_uq" ON "alert_deliveries" USING btree ("alert_id", "channel", "target");
--> statement-breakpoint
CREATE INDEX "alert_deliveries_due_idx" ON "alert_deliveries" USING btree ("next_attempt_at") WHERE "status" = 'PENDING';
