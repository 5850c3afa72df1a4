CREATE TABLE "line_item_resolutions" (
	"line_item_id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"shortfall_quantity" bigint NOT NULL,
	"credit_minor" bigint NOT NULL,
	"transaction_id" uuid,
	"make_good_line_item_id" uuid,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "line_item_resolutions_kind_valid" CHECK ("line_item_resolutions"."kind" in ('MAKE_GOOD', 'CREDIT')),
	CONSTRAINT "line_item_resolutions_make_good_named" CHECK (("line_item_resolutions"."kind" = 'MAKE_GOOD') = ("line_item_resolutions"."make_good_line_item_id" is not null)),
	CONSTRAINT "line_item_resolutions_shortfall_positive" CHECK ("line_item_resolutions"."shortfall_quantity" > 0),
	CONSTRAINT "line_item_resolutions_credit_nonnegative" CHECK ("line_item_resolutions"."credit_minor" >= 0),
	CONSTRAINT "line_item_resolutions_credit_written" CHECK (("line_item_resolutions"."credit_minor" > 0) = ("line_item_resolutions"."transaction_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "line_item_resolutions" ADD CONSTRAINT "line_item_resolutions_line_item_id_line_items_id_fk" FOREIGN KEY ("line_item_id") REFERENCES "public"."line_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_item_resolutions" ADD CONSTRAINT "line_item_resolutions_transaction_id_ad_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ad_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_item_resolutions" ADD CONSTRAINT "line_item_resolutions_make_good_line_item_id_line_items_id_fk" FOREIGN KEY ("make_good_line_item_id") REFERENCES "public"."line_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_item_resolutions" ADD CONSTRAINT "line_item_resolutions_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "line_item_resolutions_make_good_uq" ON "line_item_resolutions" USING btree ("make_good_line_item_id");