CREATE TABLE "line_item_plans" (
	"line_item_id" uuid NOT NULL,
	"screen_id" uuid NOT NULL,
	"local_date" date NOT NULL,
	"hour" smallint NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"max_plays" integer NOT NULL,
	"play_price_minor" integer NOT NULL,
	"handed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "line_item_plans_pk" PRIMARY KEY("line_item_id","screen_id","local_date","hour"),
	CONSTRAINT "line_item_plans_hour_range" CHECK ("line_item_plans"."hour" between 0 and 23),
	CONSTRAINT "line_item_plans_max_plays_nonnegative" CHECK ("line_item_plans"."max_plays" >= 0),
	CONSTRAINT "line_item_plans_price_nonnegative" CHECK ("line_item_plans"."play_price_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "line_item_plans" ADD CONSTRAINT "line_item_plans_line_item_id_line_items_id_fk" FOREIGN KEY ("line_item_id") REFERENCES "public"."line_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_item_plans" ADD CONSTRAINT "line_item_plans_screen_id_screens_id_fk" FOREIGN KEY ("screen_id") REFERENCES "public"."screens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "line_item_plans_screen_time_idx" ON "line_item_plans" USING btree ("screen_id","starts_at");