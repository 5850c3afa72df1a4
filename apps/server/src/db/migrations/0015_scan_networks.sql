-- Scans are counted per phone and per network in the database (issue 10): a client varying its
-- User-Agent cannot inflate a variant's scans, and the count holds across server processes.
ALTER TABLE "link_scans" ADD COLUMN "client_key" text;
--> statement-breakpoint
ALTER TABLE "link_scans" ADD COLUMN "network_key" text;
--> statement-breakpoint
CREATE INDEX "link_scans_network_idx" ON "link_scans" USING btree ("variant_id","network_key","scanned_at");
