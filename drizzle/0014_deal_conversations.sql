DROP INDEX "conversations_pair_unique";--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD COLUMN "images" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "deal_id" uuid;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_messages_unread_idx" ON "conversation_messages" USING btree ("conversation_id") WHERE read_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_deal_unique" ON "conversations" USING btree ("deal_id") WHERE deal_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_pair_unique" ON "conversations" USING btree ("company_id","influencer_id") WHERE deal_id is null;
--> statement-breakpoint
-- every deal that exists already gets its conversation (new deals get one when they are created)
INSERT INTO "conversations" ("company_id", "influencer_id", "deal_id", "created_at", "last_message_at")
SELECT "company_id", "influencer_id", "id", "created_at", "created_at" FROM "deals";
