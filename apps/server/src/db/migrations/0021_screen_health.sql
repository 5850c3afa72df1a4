-- Decision 060: the latest health a screen's player reported with its heartbeat, one row per screen.
CREATE TABLE "screen_health" (
	"screen_id" uuid PRIMARY KEY NOT NULL REFERENCES "screens"("id") ON DELETE cascade,
	"reported_at" timestamp with time zone NOT NULL,
	"screen_clock_at" timestamp with time zone,
	"app_version" text,
	"cache_bytes" bigint,
	"quota_bytes" bigint,
	"queued_plays" integer,
	"previous_queued_plays" integer,
	"last_error" text
);
