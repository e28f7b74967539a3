CREATE TABLE "stripe_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"stripe_account_id" text NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payouts" DROP CONSTRAINT "payouts_status";--> statement-breakpoint
ALTER TABLE "payouts" ALTER COLUMN "bank_account_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "method" text DEFAULT 'bank' NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "stripe_account_id" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "provider_ref" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "reversal_entry_id" uuid;--> statement-breakpoint
ALTER TABLE "stripe_accounts" ADD CONSTRAINT "stripe_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stripe_accounts_account_unique" ON "stripe_accounts" USING btree ("stripe_account_id");--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_reversal_entry_id_ledger_entries_id_fk" FOREIGN KEY ("reversal_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_provider_ref_unique" ON "payouts" USING btree ("provider_ref");--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_reversed" CHECK (("payouts"."status" = 'reversed') = ("payouts"."reversal_entry_id" is not null));--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_method" CHECK ("payouts"."method" in ('bank', 'stripe'));--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_destination" CHECK (("payouts"."method" = 'bank' and "payouts"."bank_account_id" is not null and "payouts"."stripe_account_id" is null) or ("payouts"."method" = 'stripe' and "payouts"."bank_account_id" is null and "payouts"."stripe_account_id" is not null));--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_status" CHECK ("payouts"."status" in ('requested', 'paid', 'rejected', 'reversed'));