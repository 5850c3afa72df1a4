-- Decision 074: when staff last asked each screen for a screenshot or sent it a command, so each
-- is limited per screen per minute across server processes. One row per screen and kind, holding
-- the times within the last minute (at most the limit's count).
CREATE TABLE "screen_request_times" (
	"screen_id" uuid NOT NULL REFERENCES "screens"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone[] NOT NULL,
	CONSTRAINT "screen_request_times_pk" PRIMARY KEY("screen_id","kind"),
	CONSTRAINT "screen_request_times_kind_valid" CHECK ("kind" in ('screenshot', 'command'))
);
