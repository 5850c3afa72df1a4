CREATE INDEX "ads_target_tags_idx" ON "ads" USING gin ("target_tags");--> statement-breakpoint
CREATE INDEX "ads_target_outlet_ids_idx" ON "ads" USING gin ("target_outlet_ids");--> statement-breakpoint
CREATE INDEX "ads_target_pincodes_idx" ON "ads" USING gin ("target_pincodes");--> statement-breakpoint
CREATE INDEX "ads_untargeted_by_place_idx" ON "ads" USING btree ("id") WHERE cardinality("ads"."target_tags") = 0 and cardinality("ads"."target_outlet_ids") = 0 and cardinality("ads"."target_pincodes") = 0;