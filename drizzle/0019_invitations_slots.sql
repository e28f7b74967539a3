CREATE TABLE "task_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"influencer_id" uuid NOT NULL,
	"invited_by" uuid,
	"message" text NOT NULL,
	"offered_rate" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decline_reason" text,
	"application_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"responded_at" timestamp with time zone,
	CONSTRAINT "task_invitations_status_check" CHECK ("task_invitations"."status" in ('pending','accepted','declined','expired','withdrawn','closed')),
	CONSTRAINT "task_invitations_rate_check" CHECK ("task_invitations"."offered_rate" >= 0)
);
--> statement-breakpoint
DROP INDEX "deals_task_unique";--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "slots" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "task_invitations" ADD CONSTRAINT "task_invitations_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_invitations" ADD CONSTRAINT "task_invitations_influencer_id_influencers_id_fk" FOREIGN KEY ("influencer_id") REFERENCES "public"."influencers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_invitations" ADD CONSTRAINT "task_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_invitations" ADD CONSTRAINT "task_invitations_application_id_task_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."task_applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "task_invitations_unique" ON "task_invitations" USING btree ("task_id","influencer_id");--> statement-breakpoint
CREATE INDEX "task_invitations_influencer_idx" ON "task_invitations" USING btree ("influencer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "task_invitations_task_created_idx" ON "task_invitations" USING btree ("task_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deals_task_idx" ON "deals" USING btree ("task_id");--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_slots_check" CHECK ("tasks"."slots" between 1 and 50);