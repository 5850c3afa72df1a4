DROP INDEX "companies_name_lower_uq";--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "house_outlet_id" uuid;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_house_outlet_id_outlets_id_fk" FOREIGN KEY ("house_outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "companies_house_outlet_uq" ON "companies" USING btree ("house_outlet_id");--> statement-breakpoint
CREATE UNIQUE INDEX "companies_name_lower_uq" ON "companies" USING btree (lower("name")) WHERE "companies"."house_outlet_id" is null;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_house_account_id" CHECK ("companies"."house_outlet_id" is null or "companies"."house_outlet_id" = "companies"."id");