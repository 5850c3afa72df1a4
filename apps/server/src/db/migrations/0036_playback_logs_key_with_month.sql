CREATE TABLE "playback_log_archives" (
	"month" text PRIMARY KEY NOT NULL,
	"file" text NOT NULL,
	"rows" integer NOT NULL,
	"play_count_sum" bigint NOT NULL,
	"sha256" text NOT NULL,
	"first_played_at" timestamp with time zone,
	"last_played_at" timestamp with time zone,
	"last_play_date" date,
	"archived_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "playback_log_archives_month_format" CHECK ("playback_log_archives"."month" ~ '^[0-9]{4}-[0-9]{2}$')
);
--> statement-breakpoint
CREATE TABLE "playback_log_ids" (
	"id" uuid PRIMARY KEY NOT NULL,
	"played_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- drizzle-kit cannot name the key it replaces; the table's one key is PostgreSQL's default name.
ALTER TABLE "playback_logs" DROP CONSTRAINT "playback_logs_pkey";--> statement-breakpoint
ALTER TABLE "playback_logs" ADD CONSTRAINT "playback_logs_id_played_at_pk" PRIMARY KEY("id","played_at");