-- Decision 038: an advertiser's edit of what screens show on a live ad waits here until reviewed.
CREATE TABLE "ad_revisions" (
	"ad_id" uuid PRIMARY KEY NOT NULL REFERENCES "ads"("id") ON DELETE CASCADE,
	"status" text NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"rejection_reason" text,
	"submitted_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "ad_revisions_status_valid" CHECK ("ad_revisions"."status" in ('PENDING', 'REJECTED'))
);
--> statement-breakpoint
ALTER TABLE "ad_variants" ADD COLUMN "reviewed" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
ALTER TABLE "ad_variants" ADD COLUMN "pending" jsonb;
--> statement-breakpoint
-- Variants of live ads were reviewed with them (an advertiser's change sent the ad back to review);
-- those of ads not yet approved are reviewed when their ad is.
UPDATE "ad_variants" SET "reviewed" = false
WHERE "ad_id" IN (SELECT "id" FROM "ads" WHERE "status" NOT IN ('ACTIVE', 'PAUSED'));
--> statement-breakpoint
ALTER TABLE "ad_variants" ALTER COLUMN "reviewed" SET DEFAULT false;
