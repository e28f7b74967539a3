CREATE TABLE "payment_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"topup_id" uuid,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
ALTER TABLE "topups" DROP CONSTRAINT "topups_method";--> statement-breakpoint
ALTER TABLE "topups" ADD COLUMN "checkout_url" text;--> statement-breakpoint
ALTER TABLE "topups" ADD COLUMN "payment_ref" text;--> statement-breakpoint
ALTER TABLE "topups" ADD COLUMN "fee_cents" bigint;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_topup_id_topups_id_fk" FOREIGN KEY ("topup_id") REFERENCES "public"."topups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topups" ADD CONSTRAINT "topups_fee_non_negative" CHECK ("topups"."fee_cents" is null or "topups"."fee_cents" >= 0);--> statement-breakpoint
ALTER TABLE "topups" ADD CONSTRAINT "topups_method" CHECK ("topups"."method" in ('sandbox', 'bank_transfer', 'stripe'));