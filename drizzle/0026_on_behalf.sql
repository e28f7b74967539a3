ALTER TABLE "conversation_messages" ADD COLUMN "on_behalf_agency_id" uuid;--> statement-breakpoint
ALTER TABLE "deal_events" ADD COLUMN "on_behalf_agency_id" uuid;--> statement-breakpoint
ALTER TABLE "task_applications" ADD COLUMN "on_behalf_agency_id" uuid;--> statement-breakpoint
ALTER TABLE "task_invitations" ADD COLUMN "on_behalf_agency_id" uuid;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_on_behalf_agency_id_agencies_id_fk" FOREIGN KEY ("on_behalf_agency_id") REFERENCES "public"."agencies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_events" ADD CONSTRAINT "deal_events_on_behalf_agency_id_agencies_id_fk" FOREIGN KEY ("on_behalf_agency_id") REFERENCES "public"."agencies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_applications" ADD CONSTRAINT "task_applications_on_behalf_agency_id_agencies_id_fk" FOREIGN KEY ("on_behalf_agency_id") REFERENCES "public"."agencies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_invitations" ADD CONSTRAINT "task_invitations_on_behalf_agency_id_agencies_id_fk" FOREIGN KEY ("on_behalf_agency_id") REFERENCES "public"."agencies"("id") ON DELETE set null ON UPDATE no action;