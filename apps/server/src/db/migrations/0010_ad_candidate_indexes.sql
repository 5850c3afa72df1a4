DROP INDEX "ads_target_tags_idx";--> statement-breakpoint
DROP INDEX "ads_target_outlet_ids_idx";--> statement-breakpoint
DROP INDEX "ads_target_pincodes_idx";--> statement-breakpoint
DROP INDEX "ads_untargeted_by_place_idx";--> statement-breakpoint
-- The screen list's candidates (decision 032, "Measured"). A matching ad matches its most
-- selective non-empty kind: its pincodes if any, else its outlets, else its cities, else its
-- tags, else it is untargeted. One partial index per case, so each finds only near-certain
-- matches instead of every ad sharing one broad tag. Cities compare lower-cased and trimmed.
CREATE FUNCTION "adloop_norm_cities"(text[]) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ select coalesce(array_agg(lower(trim(city))), '{}') from unnest($1) as city $$;--> statement-breakpoint
CREATE INDEX "ads_candidates_pincode_idx" ON "ads" USING gin ("target_pincodes") WHERE "status" = 'ACTIVE';--> statement-breakpoint
CREATE INDEX "ads_candidates_outlet_idx" ON "ads" USING gin ("target_outlet_ids") WHERE "status" = 'ACTIVE' AND cardinality("target_pincodes") = 0;--> statement-breakpoint
CREATE INDEX "ads_candidates_city_idx" ON "ads" USING gin ("adloop_norm_cities"("target_cities")) WHERE "status" = 'ACTIVE' AND cardinality("target_pincodes") = 0 AND cardinality("target_outlet_ids") = 0;--> statement-breakpoint
CREATE INDEX "ads_candidates_tags_idx" ON "ads" USING gin ("target_tags") WHERE "status" = 'ACTIVE' AND cardinality("target_pincodes") = 0 AND cardinality("target_outlet_ids") = 0 AND cardinality("target_cities") = 0;--> statement-breakpoint
CREATE INDEX "ads_candidates_untargeted_idx" ON "ads" USING btree ("id") WHERE "status" = 'ACTIVE' AND cardinality("target_pincodes") = 0 AND cardinality("target_outlet_ids") = 0 AND cardinality("target_cities") = 0 AND cardinality("target_tags") = 0;
