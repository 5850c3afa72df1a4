-- Decision 036: what each screen was handed. A new row only when the ads (or variants) on a
-- screen's list change, so a play can be checked against the list the screen held at its instant.
CREATE TABLE "screen_served_lists" (
	"screen_id" uuid NOT NULL REFERENCES "screens"("id") ON DELETE CASCADE,
	"served_at" timestamp with time zone DEFAULT now() NOT NULL,
	"content_key" text NOT NULL,
	"ad_ids" uuid[] NOT NULL,
	"variant_ids" uuid[] NOT NULL,
	CONSTRAINT "screen_served_lists_pk" PRIMARY KEY ("screen_id", "served_at", "content_key")
);
--> statement-breakpoint
-- When an ad last stopped being ACTIVE (null while it is): an offline screen that never heard of
-- the pause keeps playing it, and those plays are billed only within the grace after it.
ALTER TABLE "ads" ADD COLUMN "inactive_since" timestamp with time zone;
--> statement-breakpoint
UPDATE "ads" SET "inactive_since" = "updated_at" WHERE "status" <> 'ACTIVE';
--> statement-breakpoint
CREATE FUNCTION "adloop_ads_inactive_since"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'ACTIVE' THEN
    NEW.inactive_since := NULL;
  ELSIF TG_OP = 'INSERT' THEN
    -- Never active yet: no play of it can be billed.
    NEW.inactive_since := 'epoch';
  ELSIF OLD.status = 'ACTIVE' OR OLD.inactive_since IS NULL THEN
    NEW.inactive_since := now();
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "ads_inactive_since" BEFORE INSERT OR UPDATE OF "status" ON "ads"
  FOR EACH ROW EXECUTE FUNCTION "adloop_ads_inactive_since"();
