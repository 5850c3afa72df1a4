-- Decision 097: playback_logs becomes a table partitioned by the UTC month of played_at, with
-- every play moved into it, none lost or doubled. schema.ts declares its columns, key (0036),
-- checks, foreign keys and indexes; the partitioning, the partitions, the function that makes
-- them and the trigger that keeps an id unique across months exist only here.
ALTER TABLE "playback_logs" RENAME TO "playback_logs_unpartitioned";
--> statement-breakpoint
-- Index and key names are unique in the schema: the new table takes them over.
ALTER TABLE "playback_logs_unpartitioned" DROP CONSTRAINT "playback_logs_id_played_at_pk";
--> statement-breakpoint
DROP INDEX "playback_logs_played_at_idx", "playback_logs_screen_time_idx", "playback_logs_ad_time_idx",
  "playback_logs_company_time_idx", "playback_logs_outlet_time_idx";
--> statement-breakpoint
-- The same columns in the same order, defaults, NOT NULLs and the play_count check by its name.
CREATE TABLE "playback_logs" (LIKE "playback_logs_unpartitioned" INCLUDING DEFAULTS INCLUDING CONSTRAINTS)
  PARTITION BY RANGE ("played_at");
--> statement-breakpoint
ALTER TABLE "playback_logs" ADD CONSTRAINT "playback_logs_id_played_at_pk" PRIMARY KEY("id","played_at");
--> statement-breakpoint
ALTER TABLE "playback_logs" ADD CONSTRAINT "playback_logs_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "playback_logs" ADD CONSTRAINT "playback_logs_screen_id_screens_id_fk" FOREIGN KEY ("screen_id") REFERENCES "public"."screens"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "playback_logs" ADD CONSTRAINT "playback_logs_variant_id_ad_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."ad_variants"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "playback_logs_played_at_idx" ON "playback_logs" USING btree ("played_at","id");
--> statement-breakpoint
CREATE INDEX "playback_logs_screen_time_idx" ON "playback_logs" USING btree ("screen_id","played_at","id");
--> statement-breakpoint
CREATE INDEX "playback_logs_ad_time_idx" ON "playback_logs" USING btree ("ad_id","played_at","id");
--> statement-breakpoint
CREATE INDEX "playback_logs_company_time_idx" ON "playback_logs" USING btree ("company_id","played_at","id");
--> statement-breakpoint
CREATE INDEX "playback_logs_outlet_time_idx" ON "playback_logs" USING btree ("outlet_id","played_at","id");
--> statement-breakpoint
-- The partition of the UTC month holding `month`, made unless it exists or was archived (then
-- null: an archived month is never made again). The server calls it ahead of time (decision 097).
CREATE FUNCTION adloop_playback_logs_partition(month date) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  first_day date := date_trunc('month', month)::date;
  partition_name text := 'playback_logs_' || to_char(first_day, 'YYYY_MM');
BEGIN
  IF EXISTS (SELECT 1 FROM playback_log_archives WHERE playback_log_archives.month = to_char(first_day, 'YYYY-MM')) THEN
    RETURN NULL;
  END IF;
  -- Two processes making the same month: the second waits, then finds it made.
  PERFORM pg_advisory_xact_lock(hashtextextended('adloop_playback_logs_partition', 0));
  IF to_regclass(format('public.%I', partition_name)) IS NULL THEN
    EXECUTE format(
      'CREATE TABLE public.%I PARTITION OF public.playback_logs FOR VALUES FROM (%L) TO (%L)',
      partition_name, first_day::text || ' 00:00:00+00', (first_day + interval '1 month')::date::text || ' 00:00:00+00'
    );
  END IF;
  RETURN partition_name;
END
$$;
--> statement-breakpoint
-- Every month holding a play, and the months a screen may still report into and the next two.
DO $$
DECLARE
  month date;
BEGIN
  FOR month IN
    SELECT generate_series(
      date_trunc('month', least(
        (SELECT min(played_at) FROM playback_logs_unpartitioned), now() - interval '8 days'
      ) AT TIME ZONE 'UTC'),
      date_trunc('month', now() AT TIME ZONE 'UTC') + interval '2 months',
      interval '1 month'
    )::date
  LOOP
    PERFORM adloop_playback_logs_partition(month);
  END LOOP;
END
$$;
--> statement-breakpoint
-- The key holds played_at, so an id seen in another month would not conflict: every insert
-- claims its id here first, and a row whose id is claimed is skipped (decision 097).
CREATE FUNCTION adloop_claim_play_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO playback_log_ids (id, played_at) VALUES (NEW.id, NEW.played_at) ON CONFLICT (id) DO NOTHING;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
INSERT INTO "playback_log_ids" ("id", "played_at") SELECT "id", "played_at" FROM "playback_logs_unpartitioned";
--> statement-breakpoint
INSERT INTO "playback_logs" SELECT * FROM "playback_logs_unpartitioned";
--> statement-breakpoint
-- The trigger comes after the move: the ids above are claimed by the rows just moved.
CREATE TRIGGER "playback_logs_claim_id" BEFORE INSERT ON "playback_logs"
  FOR EACH ROW EXECUTE FUNCTION adloop_claim_play_id();
--> statement-breakpoint
DO $$
BEGIN
  IF (SELECT count(*) FROM playback_logs) <> (SELECT count(*) FROM playback_logs_unpartitioned) THEN
    RAISE EXCEPTION 'playback_logs: the partitioned table does not hold every play';
  END IF;
END
$$;
--> statement-breakpoint
DROP TABLE "playback_logs_unpartitioned";
