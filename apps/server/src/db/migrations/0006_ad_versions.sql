CREATE TABLE "ad_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ad_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"type" text NOT NULL,
	"media_url" text NOT NULL,
	"duration_seconds" integer,
	"status" text NOT NULL,
	"kind" text NOT NULL,
	"rolled_back_to" integer,
	"changed_by" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_versions_kind_valid" CHECK ("ad_versions"."kind" in ('created', 'edited', 'rolled-back', 'recorded'))
);
--> statement-breakpoint
ALTER TABLE "ad_versions" ADD CONSTRAINT "ad_versions_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_versions" ADD CONSTRAINT "ad_versions_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ad_versions_ad_version_uq" ON "ad_versions" USING btree ("ad_id","version");--> statement-breakpoint
-- History starts with each existing ad's current state as its current version (decision 031).
INSERT INTO "ad_versions" ("ad_id", "version", "title", "type", "media_url", "duration_seconds", "status", "kind", "changed_by", "changed_at")
SELECT "id", "version", "title", "type", "media_url", "duration_seconds", "status",
  CASE WHEN "version" = 1 THEN 'created' ELSE 'recorded' END,
  CASE WHEN "version" = 1 THEN "created_by" END,
  CASE WHEN "version" = 1 THEN "created_at" ELSE "updated_at" END
FROM "ads";
