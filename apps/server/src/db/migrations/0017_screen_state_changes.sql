-- Decision 048: when each screen came online, went offline and came back, derived from its activity
-- records, so the activity feed lists changes instead of a heartbeat a minute, and uptime sums the
-- spans between them instead of counting rows.
CREATE TABLE "screen_state_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"screen_id" uuid NOT NULL REFERENCES "screens"("id") ON DELETE CASCADE,
	"outlet_id" uuid NOT NULL,
	"source_id" uuid NOT NULL REFERENCES "screen_activity"("id") ON DELETE CASCADE,
	"kind" text NOT NULL,
	"offline_reason" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone,
	CONSTRAINT "screen_state_changes_kind_valid" CHECK ("screen_state_changes"."kind" in ('ONLINE', 'BACK_ONLINE', 'OFFLINE')),
	CONSTRAINT "screen_state_changes_reason_valid" CHECK (("screen_state_changes"."kind" = 'OFFLINE') = ("screen_state_changes"."offline_reason" is not null) and "screen_state_changes"."offline_reason" in ('DISPLAY_CLOSED', 'MISSED_HEARTBEATS'))
);
--> statement-breakpoint
CREATE INDEX "screen_state_changes_screen_time_idx" ON "screen_state_changes" USING btree ("screen_id", "occurred_at");
--> statement-breakpoint
CREATE INDEX "screen_state_changes_outlet_time_idx" ON "screen_state_changes" USING btree ("outlet_id", "occurred_at");
--> statement-breakpoint
CREATE INDEX "screen_state_changes_time_idx" ON "screen_state_changes" USING btree ("occurred_at");
--> statement-breakpoint
CREATE INDEX "screen_state_changes_source_idx" ON "screen_state_changes" USING btree ("source_id");
--> statement-breakpoint
-- The history recorded so far, by the rules of modules/screen-activity/state-changes.ts (150 s is
-- SCREEN_ONLINE_WINDOW_SECONDS, 60 s HEARTBEAT_INTERVAL_SECONDS); a test holds the two together.
INSERT INTO "screen_state_changes" ("screen_id", "outlet_id", "source_id", "kind", "offline_reason", "occurred_at", "due_at")
SELECT record.screen_id, record.outlet_id, record.id, change.kind, change.offline_reason, change.occurred_at, change.due_at
FROM (
	SELECT "id", "screen_id", "outlet_id", "kind", "occurred_at", "received_at",
		lag("kind") OVER neighbours AS previous_kind,
		lag("occurred_at") OVER neighbours AS previous_at,
		lead("occurred_at") OVER neighbours AS next_at
	FROM "screen_activity"
	WINDOW neighbours AS (PARTITION BY "screen_id" ORDER BY "occurred_at", "id")
) AS record
CROSS JOIN LATERAL (VALUES
	(CASE
		WHEN record.kind <> 'OFFLINE' AND record.previous_at IS NULL THEN 'ONLINE'
		WHEN record.kind <> 'OFFLINE'
			AND (record.previous_kind = 'OFFLINE' OR record.occurred_at - record.previous_at > interval '150 seconds') THEN 'BACK_ONLINE'
		WHEN record.kind = 'OFFLINE' AND record.previous_kind <> 'OFFLINE'
			AND record.occurred_at - record.previous_at <= interval '150 seconds' THEN 'OFFLINE'
	END,
	CASE WHEN record.kind = 'OFFLINE' THEN 'DISPLAY_CLOSED' END,
	record.occurred_at,
	NULL::timestamptz),
	(CASE
		WHEN record.kind <> 'OFFLINE'
			AND (record.next_at IS NULL OR record.next_at - record.occurred_at > interval '150 seconds') THEN 'OFFLINE'
	END,
	'MISSED_HEARTBEATS',
	record.occurred_at + interval '60 seconds',
	CASE WHEN record.next_at IS NULL THEN record.received_at + interval '150 seconds' END)
) AS change(kind, offline_reason, occurred_at, due_at)
WHERE change.kind IS NOT NULL;
