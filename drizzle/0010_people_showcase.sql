-- Added by hand (the generated columns below use it): array_to_string is only STABLE, so a
-- generated column cannot call it; for text[] it is immutable, which this wrapper says.
CREATE OR REPLACE FUNCTION text_join(a text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(array_to_string(a, ' '), '') $$;--> statement-breakpoint
-- Added by hand: the number a count text stands for ('12.5万', '8,932', '3k', '1.2亿'), the same
-- reading as parseCount() in src/shared/counts.ts; used once below to turn video counts into numbers.
CREATE OR REPLACE FUNCTION pg_temp.count_of(t text) RETURNS bigint
  LANGUAGE sql IMMUTABLE
  AS $$
    SELECT CASE WHEN n IS NULL THEN 0 ELSE round(n * CASE
      WHEN p ~ '亿' THEN 1e8 WHEN p ~ '万' THEN 1e4
      WHEN p ~* '[0-9.]\s*m' THEN 1e6 WHEN p ~* '[0-9.]\s*k' THEN 1e3 ELSE 1 END)::bigint END
    FROM (SELECT p, (substring(p FROM '[0-9]+\.?[0-9]*'))::numeric AS n
          FROM (SELECT replace(coalesce(t, ''), ',', '') AS p) AS a) AS b
  $$;--> statement-breakpoint
CREATE TABLE "company_follows" (
	"company_id" uuid NOT NULL,
	"influencer_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_follows_company_id_influencer_id_pk" PRIMARY KEY("company_id","influencer_id")
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"user_type" text DEFAULT 'general' NOT NULL,
	"user_id" uuid,
	"status" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone,
	CONSTRAINT "contact_messages_type_check" CHECK ("contact_messages"."user_type" in ('general','influencer','company','media')),
	CONSTRAINT "contact_messages_status_check" CHECK ("contact_messages"."status" in ('new','read','replied','closed'))
);
--> statement-breakpoint
CREATE TABLE "conversation_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"sender_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"influencer_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_views" (
	"video_id" uuid NOT NULL,
	"visitor_key" text NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_views_video_id_visitor_key_pk" PRIMARY KEY("video_id","visitor_key")
);
--> statement-breakpoint
ALTER TABLE "videos" ALTER COLUMN "views_count" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "videos" ALTER COLUMN "views_count" SET DATA TYPE bigint USING pg_temp.count_of("views_count");--> statement-breakpoint
ALTER TABLE "videos" ALTER COLUMN "views_count" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "videos" ALTER COLUMN "likes_count" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "videos" ALTER COLUMN "likes_count" SET DATA TYPE bigint USING pg_temp.count_of("likes_count");--> statement-breakpoint
ALTER TABLE "videos" ALTER COLUMN "likes_count" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "videos" ALTER COLUMN "comments_count" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "videos" ALTER COLUMN "comments_count" SET DATA TYPE bigint USING pg_temp.count_of("comments_count");--> statement-breakpoint
ALTER TABLE "videos" ALTER COLUMN "comments_count" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "videos" ALTER COLUMN "shares_count" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "videos" ALTER COLUMN "shares_count" SET DATA TYPE bigint USING pg_temp.count_of("shares_count");--> statement-breakpoint
ALTER TABLE "videos" ALTER COLUMN "shares_count" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "influencers" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("influencers"."nickname" || ' ' || coalesce("influencers"."bio", '') || ' ' || text_join("influencers"."tags") || ' ' || coalesce("influencers"."location", ''))) STORED;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("videos"."title" || ' ' || coalesce("videos"."description", '') || ' ' || text_join("videos"."tags") || ' ' || coalesce("videos"."influencer_name", ''))) STORED;--> statement-breakpoint
ALTER TABLE "company_follows" ADD CONSTRAINT "company_follows_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_follows" ADD CONSTRAINT "company_follows_influencer_id_influencers_id_fk" FOREIGN KEY ("influencer_id") REFERENCES "public"."influencers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_influencer_id_influencers_id_fk" FOREIGN KEY ("influencer_id") REFERENCES "public"."influencers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_views" ADD CONSTRAINT "video_views_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_follows_influencer_idx" ON "company_follows" USING btree ("influencer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contact_messages_status_idx" ON "contact_messages" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "conversation_messages_conversation_idx" ON "conversation_messages" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_pair_unique" ON "conversations" USING btree ("company_id","influencer_id");--> statement-breakpoint
CREATE INDEX "conversations_influencer_idx" ON "conversations" USING btree ("influencer_id","last_message_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "conversations_company_idx" ON "conversations" USING btree ("company_id","last_message_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "video_views_viewed_idx" ON "video_views" USING btree ("viewed_at","video_id");--> statement-breakpoint
CREATE INDEX "influencers_listed_rating_idx" ON "influencers" USING btree ("rating" DESC NULLS LAST,"id") WHERE is_approved and status = 'active';--> statement-breakpoint
CREATE INDEX "influencers_listed_followers_idx" ON "influencers" USING btree ("followers_count" DESC NULLS LAST,"id") WHERE is_approved and status = 'active';--> statement-breakpoint
CREATE INDEX "influencers_listed_rate_idx" ON "influencers" USING btree ("hourly_rate","id") WHERE is_approved and status = 'active';--> statement-breakpoint
CREATE INDEX "influencers_listed_experience_idx" ON "influencers" USING btree ("experience_years" DESC NULLS LAST,"id") WHERE is_approved and status = 'active';--> statement-breakpoint
CREATE INDEX "influencers_categories_idx" ON "influencers" USING gin ("categories");--> statement-breakpoint
CREATE INDEX "influencers_search_trgm_idx" ON "influencers" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "influencers_search_grams_idx" ON "influencers" USING gin (search_grams("search_text"));--> statement-breakpoint
CREATE INDEX "videos_active_latest_idx" ON "videos" USING btree ("is_active","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "videos_active_views_idx" ON "videos" USING btree ("is_active","views_count" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "videos_active_rating_idx" ON "videos" USING btree ("is_active","influencer_rating" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "videos_active_sort_order_idx" ON "videos" USING btree ("is_active","sort_order","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "videos_active_category_idx" ON "videos" USING btree ("is_active","category_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "videos_influencer_idx" ON "videos" USING btree ("influencer_id");--> statement-breakpoint
CREATE INDEX "videos_search_trgm_idx" ON "videos" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "videos_search_grams_idx" ON "videos" USING gin (search_grams("search_text"));