ALTER TABLE "ads" ADD COLUMN "paused_by_admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "company_users" ADD COLUMN "id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "outlet_users" ADD COLUMN "id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "company_users_id_uq" ON "company_users" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "outlet_users_id_uq" ON "outlet_users" USING btree ("id");