CREATE TABLE "line_item_delivery_hours" (
	"line_item_id" uuid NOT NULL,
	"screen_id" uuid NOT NULL,
	"local_date" date NOT NULL,
	"hour" smallint NOT NULL,
	"plays" integer NOT NULL,
	"spend_minor" bigint NOT NULL,
	"impressions" double precision NOT NULL,
	CONSTRAINT "line_item_delivery_hours_pk" PRIMARY KEY("line_item_id","screen_id","local_date","hour"),
	CONSTRAINT "line_item_delivery_hours_hour_range" CHECK ("line_item_delivery_hours"."hour" between 0 and 23)
);
--> statement-breakpoint
CREATE TABLE "line_item_delivery_totals" (
	"line_item_id" uuid PRIMARY KEY NOT NULL,
	"plays" integer NOT NULL,
	"spend_minor" bigint NOT NULL,
	"impressions" double precision NOT NULL
);
--> statement-breakpoint
ALTER TABLE "line_item_delivery_hours" ADD CONSTRAINT "line_item_delivery_hours_line_item_id_line_items_id_fk" FOREIGN KEY ("line_item_id") REFERENCES "public"."line_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_item_delivery_hours" ADD CONSTRAINT "line_item_delivery_hours_screen_id_screens_id_fk" FOREIGN KEY ("screen_id") REFERENCES "public"."screens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_item_delivery_totals" ADD CONSTRAINT "line_item_delivery_totals_line_item_id_line_items_id_fk" FOREIGN KEY ("line_item_id") REFERENCES "public"."line_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "line_item_delivery_hours" ("line_item_id", "screen_id", "local_date", "hour", "plays", "spend_minor", "impressions")
SELECT li."id", pl."screen_id", pl."play_date", extract(hour from pl."play_time")::smallint,
  sum(pl."play_count")::int, sum(pl."price_minor"),
  sum(pl."play_count" * coalesce(sa."impressions_per_play"[extract(dow from pl."play_date")::int * 24 + extract(hour from pl."play_time")::int + 1], 0))
FROM "playback_logs" pl
JOIN "line_items" li ON pl."ad_id" = any(li."ad_ids") AND pl."play_date" BETWEEN li."starts_on" AND li."ends_on"
JOIN "campaigns" c ON c."id" = li."campaign_id" AND c."status" IN ('BOOKED', 'ACTIVE', 'COMPLETED')
LEFT JOIN "screen_audiences" sa ON sa."screen_id" = pl."screen_id"
GROUP BY 1, 2, 3, 4;--> statement-breakpoint
INSERT INTO "line_item_delivery_totals" ("line_item_id", "plays", "spend_minor", "impressions")
SELECT "line_item_id", sum("plays")::int, sum("spend_minor"), sum("impressions") FROM "line_item_delivery_hours" GROUP BY 1;
