CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"budget_cap_minor" bigint,
	"hold_expires_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_name_length" CHECK (char_length("campaigns"."name") between 1 and 120),
	CONSTRAINT "campaigns_status_valid" CHECK ("campaigns"."status" in ('DRAFT', 'HELD', 'BOOKED', 'ACTIVE', 'COMPLETED', 'CANCELLED')),
	CONSTRAINT "campaigns_budget_cap_positive" CHECK ("campaigns"."budget_cap_minor" is null or "campaigns"."budget_cap_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "line_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"name" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"goal_kind" text NOT NULL,
	"goal_quantity" bigint NOT NULL,
	"pacing" text NOT NULL,
	"daily_cap" integer,
	"max_plays_per_screen_hour" integer,
	"guaranteed" boolean DEFAULT true NOT NULL,
	"spot_seconds" integer DEFAULT 10 NOT NULL,
	"targeting" jsonb NOT NULL,
	"ad_ids" uuid[] NOT NULL,
	"quoted_price_minor" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "line_items_name_length" CHECK (char_length("line_items"."name") between 1 and 120),
	CONSTRAINT "line_items_flight_ordered" CHECK ("line_items"."ends_on" >= "line_items"."starts_on"),
	CONSTRAINT "line_items_goal_kind_valid" CHECK ("line_items"."goal_kind" in ('PLAYS', 'IMPRESSIONS', 'BUDGET')),
	CONSTRAINT "line_items_goal_positive" CHECK ("line_items"."goal_quantity" > 0),
	CONSTRAINT "line_items_pacing_valid" CHECK ("line_items"."pacing" in ('EVEN', 'FRONTLOADED', 'ASAP')),
	CONSTRAINT "line_items_daily_cap_positive" CHECK ("line_items"."daily_cap" is null or "line_items"."daily_cap" > 0),
	CONSTRAINT "line_items_max_plays_per_screen_hour_positive" CHECK ("line_items"."max_plays_per_screen_hour" is null or "line_items"."max_plays_per_screen_hour" > 0),
	CONSTRAINT "line_items_spot_seconds_range" CHECK ("line_items"."spot_seconds" between 1 and 3600),
	CONSTRAINT "line_items_quoted_price_nonnegative" CHECK ("line_items"."quoted_price_minor" is null or "line_items"."quoted_price_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_items" ADD CONSTRAINT "line_items_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaigns_company_status_idx" ON "campaigns" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "line_items_campaign_idx" ON "line_items" USING btree ("campaign_id");