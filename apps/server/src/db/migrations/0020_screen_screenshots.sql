-- Decision 059: a screen's latest screenshot (a JPEG of at most 2 MB) and the latest request for one.
CREATE TABLE "screen_screenshots" (
	"screen_id" uuid PRIMARY KEY NOT NULL REFERENCES "screens"("id") ON DELETE cascade,
	"request_id" uuid NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"requested_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"image" bytea,
	"answered_request_id" uuid,
	"taken_at" timestamp with time zone,
	"ad_id" uuid,
	"ad_title" text,
	"takeover_id" uuid
);
