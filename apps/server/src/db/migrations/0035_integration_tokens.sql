CREATE TABLE "integration_token_uses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_id" uuid NOT NULL,
	"method" text NOT NULL,
	"route" text NOT NULL,
	"status_code" smallint NOT NULL,
	"ip" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integration_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"last_four" text NOT NULL,
	"scopes" text[] NOT NULL,
	"company_id" uuid,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "integration_tokens_scopes_present" CHECK (cardinality("integration_tokens"."scopes") > 0)
);
--> statement-breakpoint
ALTER TABLE "integration_token_uses" ADD CONSTRAINT "integration_token_uses_token_id_integration_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."integration_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_tokens" ADD CONSTRAINT "integration_tokens_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_tokens" ADD CONSTRAINT "integration_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "integration_token_uses_token_at_idx" ON "integration_token_uses" USING btree ("token_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "integration_tokens_hash_uq" ON "integration_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "integration_tokens_company_idx" ON "integration_tokens" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "integration_tokens_created_by_idx" ON "integration_tokens" USING btree ("created_by");