ALTER TABLE "notifications" ADD COLUMN "params" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "locale" text DEFAULT 'zh-CN' NOT NULL;--> statement-breakpoint
-- notifications written before params existed: recover the names from the stored zh text
UPDATE "notifications" SET "params" = jsonb_build_object(
  'influencer', substring("body" from '「([^」]*)」'),
  'task', substring(substring("body" from '」(.*)$') from '「([^」]*)」'),
  'rate', substring("body" from '\$([0-9]+)')::int
) WHERE "type" = 'application_received' AND "body" ~ '「[^」]*」.*「[^」]*」.*\$[0-9]+';--> statement-breakpoint
UPDATE "notifications" SET "params" = jsonb_build_object('task', substring("body" from '「([^」]*)」'))
WHERE "type" IN ('application_accepted', 'application_refused', 'task_cancelled', 'task_completed') AND "body" ~ '「[^」]*」';
