CREATE TABLE "ad_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"ad_id" uuid,
	"amount_minor" bigint NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"transacted_at" timestamp with time zone NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_transactions_currency_format" CHECK ("ad_transactions"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "ad_transactions_status_valid" CHECK ("ad_transactions"."status" in ('PENDING', 'COMPLETED', 'FAILED', 'REFUNDED'))
);
--> statement-breakpoint
CREATE TABLE "ads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"title" text NOT NULL,
	"type" text NOT NULL,
	"media_url" text NOT NULL,
	"duration_seconds" integer,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"rejection_reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ads_type_valid" CHECK ("ads"."type" in ('IMAGE', 'VIDEO')),
	CONSTRAINT "ads_status_valid" CHECK ("ads"."status" in ('DRAFT', 'PENDING_REVIEW', 'ACTIVE', 'PAUSED', 'REJECTED')),
	CONSTRAINT "ads_duration_positive" CHECK ("ads"."duration_seconds" is null or "ads"."duration_seconds" > 0)
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"contact_email" text,
	"contact_phone" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_users" (
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_users_company_id_user_id_pk" PRIMARY KEY("company_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outlet_users" (
	"outlet_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outlet_users_outlet_id_user_id_pk" PRIMARY KEY("outlet_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "outlets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"outlet_code" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"city" text,
	"pincode" text,
	"timezone" text DEFAULT 'Asia/Kolkata' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"commission_bps" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outlets_commission_bps_range" CHECK ("outlets"."commission_bps" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "pincodes" (
	"code" text PRIMARY KEY NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "playback_logs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"ad_id" uuid NOT NULL,
	"screen_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"outlet_id" uuid NOT NULL,
	"ad_version" integer,
	"played_at" timestamp with time zone NOT NULL,
	"play_date" date NOT NULL,
	"play_time" time NOT NULL,
	"play_count" integer DEFAULT 1 NOT NULL,
	"additional_info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "playback_logs_play_count_positive" CHECK ("playback_logs"."play_count" > 0)
);
--> statement-breakpoint
CREATE TABLE "screen_activity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"screen_id" uuid NOT NULL,
	"outlet_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"activity_date" date NOT NULL,
	"activity_time" time NOT NULL,
	"additional_info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "screen_activity_kind_valid" CHECK ("screen_activity"."kind" in ('ONLINE', 'OFFLINE', 'HEARTBEAT'))
);
--> statement-breakpoint
CREATE TABLE "screen_payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"screen_id" uuid NOT NULL,
	"outlet_id" uuid NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"plays" integer DEFAULT 0 NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"reference" text,
	"paid_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "screen_payouts_period_order" CHECK ("screen_payouts"."period_end" >= "screen_payouts"."period_start"),
	CONSTRAINT "screen_payouts_status_valid" CHECK ("screen_payouts"."status" in ('PENDING', 'PAID')),
	CONSTRAINT "screen_payouts_amount_nonnegative" CHECK ("screen_payouts"."amount_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "screens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"outlet_id" uuid NOT NULL,
	"screen_code" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"passcode_hash" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"locked_at" timestamp with time zone,
	"sessions_valid_after" timestamp with time zone DEFAULT now() NOT NULL,
	"is_online" boolean DEFAULT false NOT NULL,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "screens_status_valid" CHECK ("screens"."status" in ('ACTIVE', 'DISABLED'))
);
--> statement-breakpoint
CREATE TABLE "staff_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"phone_number" text,
	"role" text NOT NULL,
	"password_hash" text NOT NULL,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ad_transactions" ADD CONSTRAINT "ad_transactions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_transactions" ADD CONSTRAINT "ad_transactions_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_transactions" ADD CONSTRAINT "ad_transactions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_users" ADD CONSTRAINT "company_users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_users" ADD CONSTRAINT "company_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outlet_users" ADD CONSTRAINT "outlet_users_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outlet_users" ADD CONSTRAINT "outlet_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outlets" ADD CONSTRAINT "outlets_pincode_pincodes_code_fk" FOREIGN KEY ("pincode") REFERENCES "public"."pincodes"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "playback_logs" ADD CONSTRAINT "playback_logs_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playback_logs" ADD CONSTRAINT "playback_logs_screen_id_screens_id_fk" FOREIGN KEY ("screen_id") REFERENCES "public"."screens"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screen_activity" ADD CONSTRAINT "screen_activity_screen_id_screens_id_fk" FOREIGN KEY ("screen_id") REFERENCES "public"."screens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screen_payouts" ADD CONSTRAINT "screen_payouts_screen_id_screens_id_fk" FOREIGN KEY ("screen_id") REFERENCES "public"."screens"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screen_payouts" ADD CONSTRAINT "screen_payouts_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screen_payouts" ADD CONSTRAINT "screen_payouts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screens" ADD CONSTRAINT "screens_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_transactions_company_time_idx" ON "ad_transactions" USING btree ("company_id","transacted_at");--> statement-breakpoint
CREATE INDEX "ads_company_idx" ON "ads" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "ads_status_idx" ON "ads" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "companies_name_lower_uq" ON "companies" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "company_users_user_idx" ON "company_users" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "outlet_users_user_idx" ON "outlet_users" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "outlets_code_uq" ON "outlets" USING btree ("outlet_code");--> statement-breakpoint
CREATE INDEX "outlets_pincode_idx" ON "outlets" USING btree ("pincode");--> statement-breakpoint
CREATE INDEX "playback_logs_played_at_idx" ON "playback_logs" USING btree ("played_at","id");--> statement-breakpoint
CREATE INDEX "playback_logs_screen_time_idx" ON "playback_logs" USING btree ("screen_id","played_at");--> statement-breakpoint
CREATE INDEX "playback_logs_ad_time_idx" ON "playback_logs" USING btree ("ad_id","played_at");--> statement-breakpoint
CREATE INDEX "playback_logs_company_time_idx" ON "playback_logs" USING btree ("company_id","played_at");--> statement-breakpoint
CREATE INDEX "playback_logs_outlet_time_idx" ON "playback_logs" USING btree ("outlet_id","played_at");--> statement-breakpoint
CREATE INDEX "screen_activity_screen_time_idx" ON "screen_activity" USING btree ("screen_id","occurred_at");--> statement-breakpoint
CREATE INDEX "screen_activity_outlet_time_idx" ON "screen_activity" USING btree ("outlet_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "screen_payouts_screen_period_uq" ON "screen_payouts" USING btree ("screen_id","period_start","period_end");--> statement-breakpoint
CREATE INDEX "screen_payouts_outlet_idx" ON "screen_payouts" USING btree ("outlet_id","period_start");--> statement-breakpoint
CREATE UNIQUE INDEX "screens_code_uq" ON "screens" USING btree ("screen_code");--> statement-breakpoint
CREATE INDEX "screens_outlet_idx" ON "screens" USING btree ("outlet_id");--> statement-breakpoint
CREATE INDEX "screens_tags_idx" ON "screens" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "staff_sessions_user_idx" ON "staff_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_uq" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");