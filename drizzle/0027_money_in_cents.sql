-- Money in one unit (decision 0053): every amount column holds integer cents (USD) and says so in its name.
-- The renames keep the hand-made INCLUDE of influencers_match_idx (migration 0018); the values are multiplied by 100
-- (numeric(12,2) dollars become exact cents: x * 100 has no fraction left).
ALTER TABLE "influencers" RENAME COLUMN "hourly_rate" TO "hourly_rate_cents";--> statement-breakpoint
ALTER TABLE "task_applications" RENAME COLUMN "proposed_rate" TO "proposed_rate_cents";--> statement-breakpoint
ALTER TABLE "task_invitations" RENAME COLUMN "offered_rate" TO "offered_rate_cents";--> statement-breakpoint
ALTER TABLE "tasks" RENAME COLUMN "budget_min" TO "budget_min_cents";--> statement-breakpoint
ALTER TABLE "tasks" RENAME COLUMN "budget_max" TO "budget_max_cents";--> statement-breakpoint
ALTER TABLE "tasks" RENAME COLUMN "paid_amount" TO "paid_amount_cents";--> statement-breakpoint
ALTER TABLE "tasks" RENAME COLUMN "settlement_amount" TO "settlement_amount_cents";--> statement-breakpoint
ALTER TABLE "tasks" RENAME COLUMN "deposit_amount" TO "deposit_amount_cents";--> statement-breakpoint
-- the checks go first: while a column is rewritten a check across two columns would compare cents with dollars
ALTER TABLE "influencers" DROP CONSTRAINT "influencers_rate_check";--> statement-breakpoint
ALTER TABLE "task_invitations" DROP CONSTRAINT "task_invitations_rate_check";--> statement-breakpoint
ALTER TABLE "tasks" DROP CONSTRAINT "tasks_budget_check";--> statement-breakpoint
ALTER TABLE "tasks" ALTER COLUMN "budget_min_cents" SET DATA TYPE bigint USING ("budget_min_cents"::bigint * 100);--> statement-breakpoint
ALTER TABLE "tasks" ALTER COLUMN "budget_max_cents" SET DATA TYPE bigint USING ("budget_max_cents"::bigint * 100);--> statement-breakpoint
ALTER TABLE "tasks" ALTER COLUMN "paid_amount_cents" SET DATA TYPE bigint USING (round("paid_amount_cents" * 100)::bigint);--> statement-breakpoint
ALTER TABLE "tasks" ALTER COLUMN "settlement_amount_cents" SET DATA TYPE bigint USING (round("settlement_amount_cents" * 100)::bigint);--> statement-breakpoint
ALTER TABLE "tasks" ALTER COLUMN "deposit_amount_cents" SET DATA TYPE bigint USING (round("deposit_amount_cents" * 100)::bigint);--> statement-breakpoint
ALTER TABLE "task_applications" ALTER COLUMN "proposed_rate_cents" SET DATA TYPE bigint USING ("proposed_rate_cents"::bigint * 100);--> statement-breakpoint
ALTER TABLE "task_invitations" ALTER COLUMN "offered_rate_cents" SET DATA TYPE bigint USING ("offered_rate_cents"::bigint * 100);--> statement-breakpoint
UPDATE "influencers" SET "hourly_rate_cents" = "hourly_rate_cents" * 100 WHERE "hourly_rate_cents" <> 0;--> statement-breakpoint
DROP INDEX "influencers_listed_rate_idx";--> statement-breakpoint
DROP INDEX "tasks_status_category_created_idx";--> statement-breakpoint
DROP INDEX "tasks_status_budget_max_idx";--> statement-breakpoint
DROP INDEX "tasks_status_budget_min_idx";--> statement-breakpoint
CREATE INDEX "influencers_listed_rate_idx" ON "influencers" USING btree ("hourly_rate_cents","id") WHERE is_approved and status = 'active';--> statement-breakpoint
CREATE INDEX "tasks_status_category_created_idx" ON "tasks" USING btree ("status","category_id","created_at" DESC NULLS LAST,"budget_min_cents","budget_max_cents");--> statement-breakpoint
CREATE INDEX "tasks_status_budget_max_idx" ON "tasks" USING btree ("status","budget_max_cents" DESC NULLS LAST,"created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tasks_status_budget_min_idx" ON "tasks" USING btree ("status","budget_min_cents","created_at" DESC NULLS LAST,"budget_max_cents");--> statement-breakpoint
ALTER TABLE "influencers" ADD CONSTRAINT "influencers_rate_check" CHECK ("influencers"."hourly_rate_cents" >= 0);--> statement-breakpoint
ALTER TABLE "task_invitations" ADD CONSTRAINT "task_invitations_rate_check" CHECK ("task_invitations"."offered_rate_cents" >= 0);--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_budget_check" CHECK ("tasks"."budget_min_cents" >= 0 and "tasks"."budget_max_cents" >= "tasks"."budget_min_cents");
--> statement-breakpoint
UPDATE "platform_settings" SET "key" = 'platformFeeBps', "value" = to_jsonb(round(("value" #>> '{}')::numeric * 100)::int) WHERE "key" = 'platformFeePercent';
--> statement-breakpoint
UPDATE "notifications" SET "params" = ("params" - 'rate') || jsonb_build_object('rateCents', round(("params" ->> 'rate')::numeric * 100)::bigint) WHERE "type" IN ('application_received', 'application_resubmitted', 'invitation_received') AND jsonb_typeof("params" -> 'rate') = 'number';
