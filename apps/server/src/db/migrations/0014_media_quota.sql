-- Decision 044: the stored media files and who uploaded each, for a storage quota per company, an
-- upload rate per user, and a sweep of files that nothing references.
CREATE TABLE "media_files" (
	"name" text PRIMARY KEY NOT NULL,
	"bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_files_bytes_nonnegative" CHECK ("media_files"."bytes" >= 0)
);
--> statement-breakpoint
CREATE INDEX "media_files_last_uploaded_idx" ON "media_files" USING btree ("last_uploaded_at");
--> statement-breakpoint
CREATE TABLE "media_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_name" text NOT NULL REFERENCES "media_files"("name") ON DELETE CASCADE,
	"company_id" uuid REFERENCES "companies"("id") ON DELETE SET NULL,
	"uploaded_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "media_uploads_file_idx" ON "media_uploads" USING btree ("file_name");
--> statement-breakpoint
CREATE INDEX "media_uploads_company_idx" ON "media_uploads" USING btree ("company_id", "file_name");
--> statement-breakpoint
CREATE INDEX "media_uploads_uploader_time_idx" ON "media_uploads" USING btree ("uploaded_by", "created_at");
--> statement-breakpoint
-- A row that starts to reference a recorded file holds it (FOR SHARE) until its transaction ends, so
-- the sweep, which skips locked files, cannot remove it meanwhile. A write that waited on a sweep
-- that has just removed the file fails as a lost race (40001) instead of pointing at nothing.
-- Files never recorded (seeded, or stored before this migration) are never swept.
CREATE FUNCTION "adloop_media_file_hold"(url text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF url IS NULL OR left(url, 7) <> '/media/' THEN
    RETURN;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM "media_files" WHERE "name" = substr(url, 8)) THEN
    RETURN;
  END IF;
  PERFORM 1 FROM "media_files" WHERE "name" = substr(url, 8) FOR SHARE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'media file % was just removed as unused; upload it again', url USING ERRCODE = '40001';
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION "adloop_media_hold_references"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'ad_revisions' THEN
    PERFORM "adloop_media_file_hold"(NEW.changes ->> 'media_url');
  ELSE
    PERFORM "adloop_media_file_hold"(NEW.media_url);
    IF TG_TABLE_NAME = 'ad_variants' THEN
      PERFORM "adloop_media_file_hold"(NEW.pending ->> 'media_url');
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "ads_media_hold" AFTER INSERT OR UPDATE OF "media_url" ON "ads"
  FOR EACH ROW EXECUTE FUNCTION "adloop_media_hold_references"();
--> statement-breakpoint
CREATE TRIGGER "ad_versions_media_hold" AFTER INSERT OR UPDATE OF "media_url" ON "ad_versions"
  FOR EACH ROW EXECUTE FUNCTION "adloop_media_hold_references"();
--> statement-breakpoint
CREATE TRIGGER "ad_variants_media_hold" AFTER INSERT OR UPDATE OF "media_url", "pending" ON "ad_variants"
  FOR EACH ROW EXECUTE FUNCTION "adloop_media_hold_references"();
--> statement-breakpoint
CREATE TRIGGER "ad_revisions_media_hold" AFTER INSERT OR UPDATE OF "changes" ON "ad_revisions"
  FOR EACH ROW EXECUTE FUNCTION "adloop_media_hold_references"();
