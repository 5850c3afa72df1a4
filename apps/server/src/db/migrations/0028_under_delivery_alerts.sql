ALTER TABLE "alerts" DROP CONSTRAINT "alerts_kind_valid";--> statement-breakpoint
DROP INDEX "alerts_subject_start_kind_uq";--> statement-breakpoint
ALTER TABLE "alerts" ALTER COLUMN "outlet_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "line_item_id" uuid;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "details" jsonb;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_line_item_id_line_items_id_fk" FOREIGN KEY ("line_item_id") REFERENCES "public"."line_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alerts_company_raised_idx" ON "alerts" USING btree ("company_id","raised_at");--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_subject_start_kind_uq" ON "alerts" USING btree (coalesce("screen_id", "outlet_id", "line_item_id"),"started_at","kind");--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_subject" CHECK (("alerts"."kind" = 'UNDER_DELIVERY') = ("alerts"."line_item_id" is not null and "alerts"."company_id" is not null) and ("alerts"."kind" = 'UNDER_DELIVERY' or "alerts"."outlet_id" is not null));--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_kind_valid" CHECK ("alerts"."kind" in ('OFFLINE', 'REMINDER', 'BACK_ONLINE', 'UNDER_DELIVERY'));