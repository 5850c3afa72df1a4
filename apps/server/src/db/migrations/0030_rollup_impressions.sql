ALTER TABLE "play_rollups_ad_daily" ADD COLUMN "impressions" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "play_rollups_daily" ADD COLUMN "impressions" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "play_rollups_screen_daily" ADD COLUMN "impressions" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "play_rollups_daily" r SET "impressions" = counted."impressions"
FROM (
  SELECT pl."play_date", pl."ad_id", pl."screen_id",
    sum(pl."play_count" * coalesce(sa."impressions_per_play"[extract(dow from pl."play_date")::int * 24 + extract(hour from pl."play_time")::int + 1], 0)) AS "impressions"
  FROM "playback_logs" pl
  JOIN "screen_audiences" sa ON sa."screen_id" = pl."screen_id"
  GROUP BY 1, 2, 3
) counted
WHERE r."play_date" = counted."play_date" AND r."ad_id" = counted."ad_id" AND r."screen_id" = counted."screen_id";--> statement-breakpoint
UPDATE "play_rollups_ad_daily" r SET "impressions" = fine."impressions"
FROM (SELECT "play_date", "ad_id", sum("impressions") AS "impressions" FROM "play_rollups_daily" GROUP BY 1, 2) fine
WHERE r."play_date" = fine."play_date" AND r."ad_id" = fine."ad_id" AND fine."impressions" <> 0;--> statement-breakpoint
UPDATE "play_rollups_screen_daily" r SET "impressions" = fine."impressions"
FROM (SELECT "play_date", "screen_id", sum("impressions") AS "impressions" FROM "play_rollups_daily" GROUP BY 1, 2) fine
WHERE r."play_date" = fine."play_date" AND r."screen_id" = fine."screen_id" AND fine."impressions" <> 0;
