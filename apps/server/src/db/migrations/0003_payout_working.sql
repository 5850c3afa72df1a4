ALTER TABLE "screen_payouts" ADD COLUMN "rate_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "screen_payouts" ADD COLUMN "gross_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "screen_payouts" ADD COLUMN "commission_bps" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "screen_payouts" ADD COLUMN "commission_minor" bigint DEFAULT 0 NOT NULL;