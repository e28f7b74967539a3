CREATE TABLE "stripe_reconciliation_differences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"day" text NOT NULL,
	"kind" text NOT NULL,
	"object_type" text NOT NULL,
	"object_id" uuid,
	"transaction_ref" text,
	"source_ref" text,
	"provider_cents" bigint,
	"book_cents" bigint,
	"note" text DEFAULT '' NOT NULL,
	CONSTRAINT "stripe_reconciliation_differences_kind" CHECK ("stripe_reconciliation_differences"."kind" in ('missing_in_books', 'missing_at_provider', 'amount_mismatch'))
);
--> statement-breakpoint
CREATE TABLE "stripe_reconciliations" (
	"day" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"transactions" integer DEFAULT 0 NOT NULL,
	"matched" integer DEFAULT 0 NOT NULL,
	"outside" integer DEFAULT 0 NOT NULL,
	"differences" integer DEFAULT 0 NOT NULL,
	"provider_net_cents" bigint DEFAULT 0 NOT NULL,
	"error" text,
	"ran_by" uuid,
	"ran_at" timestamp with time zone NOT NULL,
	CONSTRAINT "stripe_reconciliations_status" CHECK ("stripe_reconciliations"."status" in ('matched', 'differences', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "stripe_reconciliation_differences" ADD CONSTRAINT "stripe_reconciliation_differences_day_stripe_reconciliations_day_fk" FOREIGN KEY ("day") REFERENCES "public"."stripe_reconciliations"("day") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_reconciliations" ADD CONSTRAINT "stripe_reconciliations_ran_by_users_id_fk" FOREIGN KEY ("ran_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stripe_reconciliation_differences_day_idx" ON "stripe_reconciliation_differences" USING btree ("day","id");