CREATE TABLE "stripe_disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_ref" text NOT NULL,
	"charge_ref" text,
	"payment_ref" text,
	"topup_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"debt_cents" bigint DEFAULT 0 NOT NULL,
	"collected_cents" bigint DEFAULT 0 NOT NULL,
	"reason" text,
	"status" text DEFAULT 'open' NOT NULL,
	"stripe_status" text NOT NULL,
	"evidence_due_by" timestamp with time zone,
	"fee_cents" bigint,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stripe_disputes_amounts" CHECK ("stripe_disputes"."amount_cents" > 0 and "stripe_disputes"."debt_cents" >= 0 and "stripe_disputes"."collected_cents" >= 0 and "stripe_disputes"."debt_cents" <= "stripe_disputes"."amount_cents"),
	CONSTRAINT "stripe_disputes_status" CHECK ("stripe_disputes"."status" in ('open', 'won', 'lost'))
);
--> statement-breakpoint
CREATE TABLE "stripe_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"topup_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"payment_ref" text NOT NULL,
	"provider_ref" text,
	"failure_reason" text,
	"reject_reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stripe_refunds_amount_positive" CHECK ("stripe_refunds"."amount_cents" > 0),
	CONSTRAINT "stripe_refunds_status" CHECK ("stripe_refunds"."status" in ('requested', 'approved', 'succeeded', 'failed', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "stripe_disputes" ADD CONSTRAINT "stripe_disputes_topup_id_topups_id_fk" FOREIGN KEY ("topup_id") REFERENCES "public"."topups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_disputes" ADD CONSTRAINT "stripe_disputes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_refunds" ADD CONSTRAINT "stripe_refunds_topup_id_topups_id_fk" FOREIGN KEY ("topup_id") REFERENCES "public"."topups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_refunds" ADD CONSTRAINT "stripe_refunds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_refunds" ADD CONSTRAINT "stripe_refunds_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stripe_disputes_provider_ref_unique" ON "stripe_disputes" USING btree ("provider_ref");--> statement-breakpoint
CREATE INDEX "stripe_disputes_user_idx" ON "stripe_disputes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "stripe_disputes_debt_idx" ON "stripe_disputes" USING btree ("user_id","created_at") WHERE "stripe_disputes"."debt_cents" > 0;--> statement-breakpoint
CREATE UNIQUE INDEX "stripe_refunds_provider_ref_unique" ON "stripe_refunds" USING btree ("provider_ref");--> statement-breakpoint
CREATE INDEX "stripe_refunds_topup_idx" ON "stripe_refunds" USING btree ("topup_id");--> statement-breakpoint
CREATE INDEX "stripe_refunds_user_idx" ON "stripe_refunds" USING btree ("user_id","created_at");