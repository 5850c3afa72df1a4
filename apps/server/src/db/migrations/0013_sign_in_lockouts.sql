-- Decision 040: sign-in throttles keyed to the attacker's network, counted atomically in the database.
-- A row per (scope, subject, ip): a code or email tried from one network, the code or email from all
-- networks (ip ''), or one network across all screen codes (subject '').
CREATE TABLE "sign_in_throttles" (
	"scope" text NOT NULL,
	"subject" text NOT NULL,
	"ip" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp with time zone,
	"blocked_until" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	CONSTRAINT "sign_in_throttles_pk" PRIMARY KEY ("scope", "subject", "ip")
);
--> statement-breakpoint
DROP TABLE "login_failures";
--> statement-breakpoint
ALTER TABLE "screens" DROP COLUMN "failed_attempts";
--> statement-breakpoint
ALTER TABLE "screens" DROP COLUMN "locked_at";
