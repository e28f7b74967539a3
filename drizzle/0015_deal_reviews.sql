DROP INDEX "reviews_influencer_idx";--> statement-breakpoint
-- deal_id, author_side and company_id are added nullable, filled from the deal of each existing review below, then made NOT NULL
ALTER TABLE "reviews" ADD COLUMN "deal_id" uuid;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "author_side" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "author_id" uuid;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "revealed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "reply" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_by" uuid;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
-- the reviews written before two-way reviews were companies' reviews of the influencer of a task: they
-- belong to that task's deal (migration 0013 gave every accepted application one) and are published
UPDATE "reviews" r SET "deal_id" = d."id", "company_id" = d."company_id", "influencer_id" = d."influencer_id", "author_side" = 'company', "author_id" = c."user_id", "revealed_at" = r."created_at"
FROM "deals" d JOIN "companies" c ON c."id" = d."company_id" WHERE d."task_id" = r."task_id";--> statement-breakpoint
-- a review without a deal cannot stand for a collaboration; a second one of the same deal is a duplicate (the newest stays)
DELETE FROM "reviews" WHERE "deal_id" IS NULL;--> statement-breakpoint
DELETE FROM "reviews" r USING "reviews" newer WHERE newer."deal_id" = r."deal_id" AND newer."author_side" = r."author_side" AND (newer."created_at", newer."id") > (r."created_at", r."id");--> statement-breakpoint
ALTER TABLE "reviews" ALTER COLUMN "deal_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ALTER COLUMN "author_side" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ALTER COLUMN "company_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_deal_author_unique" ON "reviews" USING btree ("deal_id","author_side");--> statement-breakpoint
CREATE INDEX "reviews_of_influencer_idx" ON "reviews" USING btree ("influencer_id","revealed_at" DESC NULLS LAST) WHERE author_side = 'company' and revealed_at is not null and hidden_at is null;--> statement-breakpoint
CREATE INDEX "reviews_of_company_idx" ON "reviews" USING btree ("company_id","revealed_at" DESC NULLS LAST) WHERE author_side = 'influencer' and revealed_at is not null and hidden_at is null;--> statement-breakpoint
CREATE INDEX "reviews_created_idx" ON "reviews" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_author_side_check" CHECK ("reviews"."author_side" in ('company','influencer'));--> statement-breakpoint
-- ratings and counts come from published, visible reviews only (decision 0015)
UPDATE "influencers" i SET
  "rating" = coalesce((SELECT round(avg(r."rating"), 1) FROM "reviews" r WHERE r."influencer_id" = i."id" AND r."author_side" = 'company' AND r."revealed_at" IS NOT NULL AND r."hidden_at" IS NULL), 0),
  "total_reviews" = (SELECT count(*) FROM "reviews" r WHERE r."influencer_id" = i."id" AND r."author_side" = 'company' AND r."revealed_at" IS NOT NULL AND r."hidden_at" IS NULL);--> statement-breakpoint
UPDATE "companies" c SET
  "avg_rating" = coalesce((SELECT round(avg(r."rating"), 1) FROM "reviews" r WHERE r."company_id" = c."id" AND r."author_side" = 'influencer' AND r."revealed_at" IS NOT NULL AND r."hidden_at" IS NULL), 0);--> statement-breakpoint
UPDATE "videos" v SET "influencer_rating" = i."rating" FROM "influencers" i WHERE i."id" = v."influencer_id";--> statement-breakpoint
-- deals completed before this migration get their review window's closing job (a past one runs at once and reveals nothing)
INSERT INTO "jobs" ("kind", "key", "payload", "run_at")
SELECT 'deal.reviews_close', 'deal:' || d."id" || ':reviews_close', jsonb_build_object('dealId', d."id"::text), coalesce(d."completed_at", d."updated_at") + interval '14 days'
FROM "deals" d WHERE d."status" = 'completed'
ON CONFLICT ("key") DO NOTHING;
