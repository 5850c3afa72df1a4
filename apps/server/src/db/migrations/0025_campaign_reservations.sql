CREATE TABLE "campaign_reservations" (
	"line_item_id" uuid NOT NULL,
	"screen_id" uuid NOT NULL,
	"local_date" date NOT NULL,
	"hour" smallint NOT NULL,
	"plays" integer NOT NULL,
	"price_minor" bigint NOT NULL,
	CONSTRAINT "campaign_reservations_pk" PRIMARY KEY("line_item_id","screen_id","local_date","hour"),
	CONSTRAINT "campaign_reservations_hour_range" CHECK ("campaign_reservations"."hour" between 0 and 23),
	CONSTRAINT "campaign_reservations_plays_positive" CHECK ("campaign_reservations"."plays" > 0),
	CONSTRAINT "campaign_reservations_price_nonnegative" CHECK ("campaign_reservations"."price_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "campaign_reservations" ADD CONSTRAINT "campaign_reservations_line_item_id_line_items_id_fk" FOREIGN KEY ("line_item_id") REFERENCES "public"."line_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_reservations" ADD CONSTRAINT "campaign_reservations_screen_id_screens_id_fk" FOREIGN KEY ("screen_id") REFERENCES "public"."screens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_reservations_screen_date_idx" ON "campaign_reservations" USING btree ("screen_id","local_date");