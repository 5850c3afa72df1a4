CREATE TABLE "screen_pairings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code_hash" text NOT NULL,
	"secret_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"screen_id" uuid,
	"claimed_by" uuid,
	"claimed_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "screen_pairings_claim_whole" CHECK (("screen_pairings"."screen_id" is null) = ("screen_pairings"."claimed_at" is null))
);
--> statement-breakpoint
ALTER TABLE "screen_pairings" ADD CONSTRAINT "screen_pairings_screen_id_screens_id_fk" FOREIGN KEY ("screen_id") REFERENCES "public"."screens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screen_pairings" ADD CONSTRAINT "screen_pairings_claimed_by_users_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "screen_pairings_code_uq" ON "screen_pairings" USING btree ("code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "screen_pairings_secret_uq" ON "screen_pairings" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "screen_pairings_expires_idx" ON "screen_pairings" USING btree ("expires_at");