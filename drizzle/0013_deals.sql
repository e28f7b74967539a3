CREATE TABLE "deal_disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deal_id" uuid NOT NULL,
	"opened_by" text NOT NULL,
	"reason" text NOT NULL,
	"statement" text NOT NULL,
	"evidence" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"answer" text,
	"answer_evidence" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"answered_at" timestamp with time zone,
	"outcome" text DEFAULT 'open' NOT NULL,
	"percent" smallint,
	"decision_reason" text,
	"decided_by" uuid,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "deal_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deal_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"event" text NOT NULL,
	"actor_role" text NOT NULL,
	"actor_id" uuid,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"influencer_id" uuid NOT NULL,
	"status" text DEFAULT 'accepted' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"rate_cents" bigint NOT NULL,
	"planned_live_date" timestamp with time zone,
	"duration_hours" numeric(5, 1) NOT NULL,
	"product_name" text,
	"requirements" text[] DEFAULT '{}'::text[] NOT NULL,
	"task_title" text NOT NULL,
	"samples_carrier" text,
	"samples_tracking" text,
	"samples_shipped_at" timestamp with time zone,
	"samples_received_at" timestamp with time zone,
	"schedule_start" timestamp with time zone,
	"schedule_end" timestamp with time zone,
	"room_url" text,
	"schedule_proposed_by" text,
	"schedule_confirmed_at" timestamp with time zone,
	"report_replay_url" text,
	"report_started_at" timestamp with time zone,
	"report_ended_at" timestamp with time zone,
	"report_views" integer,
	"report_peak_viewers" integer,
	"report_orders" integer,
	"report_gmv_cents" bigint,
	"report_screenshots" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"reported_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"auto_confirmed" boolean DEFAULT false NOT NULL,
	"payout_percent" smallint DEFAULT 100 NOT NULL,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" text,
	"cancel_reason" text,
	"cancel_requested_by" text,
	"cancel_request_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deals_status_check" CHECK ("deals"."status" in ('accepted','samples_shipped','samples_received','schedule_proposed','scheduled','reported','disputed','confirmed','completed','cancelled')),
	CONSTRAINT "deals_party_check" CHECK (coalesce("deals"."schedule_proposed_by", 'company') in ('company','influencer') and coalesce("deals"."cancel_requested_by", 'company') in ('company','influencer')),
	CONSTRAINT "deals_payout_check" CHECK ("deals"."payout_percent" between 0 and 100),
	CONSTRAINT "deals_rate_check" CHECK ("deals"."rate_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deal_disputes" ADD CONSTRAINT "deal_disputes_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_disputes" ADD CONSTRAINT "deal_disputes_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_events" ADD CONSTRAINT "deal_events_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_events" ADD CONSTRAINT "deal_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_application_id_task_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."task_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_influencer_id_influencers_id_fk" FOREIGN KEY ("influencer_id") REFERENCES "public"."influencers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deal_disputes_deal_idx" ON "deal_disputes" USING btree ("deal_id","opened_at");--> statement-breakpoint
CREATE UNIQUE INDEX "deal_disputes_open_unique" ON "deal_disputes" USING btree ("deal_id") WHERE "deal_disputes"."outcome" = 'open';--> statement-breakpoint
CREATE INDEX "deal_disputes_open_idx" ON "deal_disputes" USING btree ("opened_at") WHERE "deal_disputes"."outcome" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "deal_events_deal_version_unique" ON "deal_events" USING btree ("deal_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "deals_task_unique" ON "deals" USING btree ("task_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deals_application_unique" ON "deals" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "deals_company_idx" ON "deals" USING btree ("company_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deals_influencer_idx" ON "deals" USING btree ("influencer_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deals_status_idx" ON "deals" USING btree ("status","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_key_unique" ON "jobs" USING btree ("key");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."done_at" is null;--> statement-breakpoint
-- every task that already has an accepted application gets its deal (completed and cancelled tasks as closed deals)
INSERT INTO "deals" ("task_id", "application_id", "company_id", "influencer_id", "status", "rate_cents", "planned_live_date", "duration_hours", "product_name", "requirements", "task_title", "completed_at", "cancelled_at", "created_at", "updated_at")
SELECT t."id", a."id", t."company_id", a."influencer_id",
  CASE t."status" WHEN 'completed' THEN 'completed' WHEN 'cancelled' THEN 'cancelled' ELSE 'accepted' END,
  a."proposed_rate"::bigint * 100, t."live_date", t."duration_hours", t."product_name", t."requirements", t."title",
  CASE WHEN t."status" = 'completed' THEN t."updated_at" END,
  CASE WHEN t."status" = 'cancelled' THEN t."updated_at" END,
  coalesce(a."responded_at", t."updated_at"), t."updated_at"
FROM "task_applications" a JOIN "tasks" t ON t."id" = a."task_id"
WHERE a."status" = 'accepted'
ON CONFLICT DO NOTHING;
