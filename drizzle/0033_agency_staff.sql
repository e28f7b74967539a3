CREATE TABLE "agency_staff" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"invited_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "agency_staff_role_check" CHECK ("agency_staff"."role" in ('admin','operator')),
	CONSTRAINT "agency_staff_status_check" CHECK ("agency_staff"."status" in ('active','removed'))
);
--> statement-breakpoint
CREATE TABLE "agency_staff_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by_user_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agency_staff_invitations_role_check" CHECK ("agency_staff_invitations"."role" in ('admin','operator'))
);
--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD COLUMN "acted_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "deal_events" ADD COLUMN "acted_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "task_applications" ADD COLUMN "acted_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "task_invitations" ADD COLUMN "acted_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "agency_staff" ADD CONSTRAINT "agency_staff_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_staff" ADD CONSTRAINT "agency_staff_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_staff" ADD CONSTRAINT "agency_staff_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_staff_invitations" ADD CONSTRAINT "agency_staff_invitations_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_staff_invitations" ADD CONSTRAINT "agency_staff_invitations_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agency_staff_one_active" ON "agency_staff" USING btree ("user_id") WHERE "agency_staff"."status" = 'active';--> statement-breakpoint
CREATE INDEX "agency_staff_agency_idx" ON "agency_staff" USING btree ("agency_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "agency_staff_invitations_token_unique" ON "agency_staff_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "agency_staff_invitations_one_open" ON "agency_staff_invitations" USING btree ("agency_id","email") WHERE "agency_staff_invitations"."accepted_at" is null and "agency_staff_invitations"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "agency_staff_invitations_agency_idx" ON "agency_staff_invitations" USING btree ("agency_id","created_at");--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_acted_by_user_id_users_id_fk" FOREIGN KEY ("acted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_events" ADD CONSTRAINT "deal_events_acted_by_user_id_users_id_fk" FOREIGN KEY ("acted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_applications" ADD CONSTRAINT "task_applications_acted_by_user_id_users_id_fk" FOREIGN KEY ("acted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_invitations" ADD CONSTRAINT "task_invitations_acted_by_user_id_users_id_fk" FOREIGN KEY ("acted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;