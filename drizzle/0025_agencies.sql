CREATE TABLE "agencies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"contact_person" text NOT NULL,
	"phone" text NOT NULL,
	"credit_code" text NOT NULL,
	"license_upload_id" uuid,
	"description" text,
	"logo_url" text,
	"city" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"reviewed_at" timestamp with time zone,
	"rejection_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agencies_status_check" CHECK ("agencies"."status" in ('pending','approved','rejected'))
);
--> statement-breakpoint
CREATE TABLE "agency_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"influencer_id" uuid NOT NULL,
	"share_percent" smallint NOT NULL,
	"ends_on" date,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "agency_invitations_share_check" CHECK ("agency_invitations"."share_percent" between 0 and 70),
	CONSTRAINT "agency_invitations_status_check" CHECK ("agency_invitations"."status" in ('pending','accepted','declined','withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "agency_memberships" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"influencer_id" uuid NOT NULL,
	"invitation_id" uuid,
	"share_percent" smallint NOT NULL,
	"ends_on" date,
	"status" text DEFAULT 'active' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"end_requested_at" timestamp with time zone,
	"end_requested_by" text,
	"ended_at" timestamp with time zone,
	CONSTRAINT "agency_memberships_share_check" CHECK ("agency_memberships"."share_percent" between 0 and 70),
	CONSTRAINT "agency_memberships_status_check" CHECK ("agency_memberships"."status" in ('active','ending','ended')),
	CONSTRAINT "agency_memberships_by_check" CHECK (coalesce("agency_memberships"."end_requested_by", 'agency') in ('agency','influencer','admin','expiry'))
);
--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "agency_id" uuid;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "agency_share_percent" smallint;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "settled_agency_cents" bigint;--> statement-breakpoint
ALTER TABLE "agencies" ADD CONSTRAINT "agencies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agencies" ADD CONSTRAINT "agencies_license_upload_id_uploads_id_fk" FOREIGN KEY ("license_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_invitations" ADD CONSTRAINT "agency_invitations_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_invitations" ADD CONSTRAINT "agency_invitations_influencer_id_influencers_id_fk" FOREIGN KEY ("influencer_id") REFERENCES "public"."influencers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_memberships" ADD CONSTRAINT "agency_memberships_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_memberships" ADD CONSTRAINT "agency_memberships_influencer_id_influencers_id_fk" FOREIGN KEY ("influencer_id") REFERENCES "public"."influencers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_memberships" ADD CONSTRAINT "agency_memberships_invitation_id_agency_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."agency_invitations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agencies_user_unique" ON "agencies" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "agencies_review_queue_idx" ON "agencies" USING btree ("created_at") WHERE "agencies"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "agency_invitations_pending_unique" ON "agency_invitations" USING btree ("agency_id","influencer_id") WHERE "agency_invitations"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "agency_invitations_influencer_idx" ON "agency_invitations" USING btree ("influencer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "agency_invitations_agency_idx" ON "agency_invitations" USING btree ("agency_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "agency_memberships_one_current" ON "agency_memberships" USING btree ("influencer_id") WHERE "agency_memberships"."status" in ('active','ending');--> statement-breakpoint
CREATE INDEX "agency_memberships_agency_idx" ON "agency_memberships" USING btree ("agency_id","status","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "agency_memberships_influencer_idx" ON "agency_memberships" USING btree ("influencer_id","started_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deals_agency_idx" ON "deals" USING btree ("agency_id","updated_at" DESC NULLS LAST) WHERE "deals"."agency_id" is not null;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_agency_share_check" CHECK (("deals"."agency_id" is null) = ("deals"."agency_share_percent" is null) and coalesce("deals"."agency_share_percent", 0) between 0 and 70);