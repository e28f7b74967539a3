CREATE TABLE "bank_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"holder_name" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_number_enc" text NOT NULL,
	"account_last4" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"bank_account_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"expected_by" text NOT NULL,
	"request_entry_id" uuid,
	"decision_entry_id" uuid,
	"reference" text,
	"reject_reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount_cents" > 0),
	CONSTRAINT "payouts_status" CHECK ("payouts"."status" in ('requested', 'paid', 'rejected')),
	CONSTRAINT "payouts_decided" CHECK (("payouts"."status" = 'requested') = ("payouts"."decision_entry_id" is null))
);
--> statement-breakpoint
ALTER TABLE "deals" DROP CONSTRAINT "deals_status_check";--> statement-breakpoint
DROP INDEX "ledger_accounts_kind_owner_unique";--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "pricing_model" text DEFAULT 'fixed' NOT NULL;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "commission_bps" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "deposit_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "platform_fee_bps" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "money_tracked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "fee_funded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "deposit_paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "settled_gross_cents" bigint;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "commission_cents" bigint;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "commission_status" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "deposit_awarded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "ref_id" uuid;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "pricing_model" text DEFAULT 'fixed' NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "commission_bps" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_request_entry_id_ledger_entries_id_fk" FOREIGN KEY ("request_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_decision_entry_id_ledger_entries_id_fk" FOREIGN KEY ("decision_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_accounts_user_idx" ON "bank_accounts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payouts_user_idx" ON "payouts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payouts_requested_idx" ON "payouts" USING btree ("created_at") WHERE "payouts"."status" = 'requested';--> statement-breakpoint
CREATE INDEX "deals_commission_due_idx" ON "deals" USING btree ("company_id") WHERE "deals"."commission_status" = 'due';--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_kind_owner_ref_unique" ON "ledger_accounts" USING btree ("kind",coalesce("owner_id", '00000000-0000-0000-0000-000000000000'::uuid),coalesce("ref_id", '00000000-0000-0000-0000-000000000000'::uuid));--> statement-breakpoint
CREATE INDEX "ledger_accounts_ref_idx" ON "ledger_accounts" USING btree ("ref_id") WHERE "ledger_accounts"."ref_id" is not null;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_money_check" CHECK ("deals"."deposit_cents" >= 0 and "deals"."commission_bps" between 0 and 10000 and "deals"."platform_fee_bps" between 0 and 10000);--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_commission_status_check" CHECK ("deals"."commission_status" in ('none','due','paid'));--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_status_check" CHECK ("deals"."status" in ('awaiting_payment','accepted','samples_shipped','samples_received','schedule_proposed','scheduled','reported','disputed','confirmed','completed','cancelled'));--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_pricing_check" CHECK (("tasks"."pricing_model" = 'fixed' and "tasks"."commission_bps" = 0) or ("tasks"."pricing_model" in ('slot_commission','commission') and "tasks"."commission_bps" between 1 and 10000));