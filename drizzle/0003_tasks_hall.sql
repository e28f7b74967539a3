CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_views" (
	"task_id" uuid NOT NULL,
	"visitor_key" text NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_views_task_id_visitor_key_pk" PRIMARY KEY("task_id","visitor_key")
);
--> statement-breakpoint
DROP INDEX "tasks_status_created_idx";--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "search_text" text GENERATED ALWAYS AS ("tasks"."title" || ' ' || coalesce("tasks"."product_name", '') || ' ' || "tasks"."description") STORED;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_views" ADD CONSTRAINT "task_views_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "task_applications_task_status_idx" ON "task_applications" USING btree ("task_id","status");--> statement-breakpoint
CREATE INDEX "tasks_status_category_created_idx" ON "tasks" USING btree ("status","category_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tasks_status_budget_max_idx" ON "tasks" USING btree ("status","budget_max" DESC NULLS LAST,"created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tasks_status_budget_min_idx" ON "tasks" USING btree ("status","budget_min","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tasks_status_live_date_idx" ON "tasks" USING btree ("status","live_date","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tasks_status_urgent_idx" ON "tasks" USING btree ("status","is_urgent" DESC NULLS LAST,"created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tasks_search_trgm_idx" ON "tasks" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tasks_status_created_idx" ON "tasks" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);