CREATE TABLE "screen_audiences" (
	"screen_id" uuid PRIMARY KEY NOT NULL,
	"impressions_per_play" double precision[] NOT NULL,
	"source" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "screen_audiences_hours_of_week" CHECK (cardinality("screen_audiences"."impressions_per_play") = 168),
	CONSTRAINT "screen_audiences_source_length" CHECK (char_length("screen_audiences"."source") between 1 and 200)
);
--> statement-breakpoint
ALTER TABLE "screen_audiences" ADD CONSTRAINT "screen_audiences_screen_id_screens_id_fk" FOREIGN KEY ("screen_id") REFERENCES "public"."screens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screen_audiences" ADD CONSTRAINT "screen_audiences_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;