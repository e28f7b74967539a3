ALTER TABLE "task_categories" ADD COLUMN "name_en" text;--> statement-breakpoint
ALTER TABLE "video_categories" ADD COLUMN "name_en" text;--> statement-breakpoint
-- categories made before English names existed: the platform's standard names get their English name
UPDATE "task_categories" c SET "name_en" = v.en FROM (VALUES
  ('美妆', 'Beauty'), ('厨房用品', 'Kitchen'), ('清洁工具', 'Cleaning tools'), ('宠物用品', 'Pets'),
  ('服饰配件', 'Fashion accessories'), ('数码配件', 'Digital accessories'), ('个人护理', 'Body care'),
  ('珠宝首饰', 'Jewelry'), ('食品饮料', 'Food & drink'), ('其他', 'Other')
) AS v(zh, en) WHERE c."name" = v.zh AND c."name_en" IS NULL;--> statement-breakpoint
UPDATE "video_categories" c SET "name_en" = v.en FROM (VALUES
  ('美妆', 'Beauty'), ('服饰', 'Fashion'), ('数码', 'Tech'), ('生活', 'Lifestyle'), ('美食', 'Food'), ('旅行', 'Travel')
) AS v(zh, en) WHERE c."name" = v.zh AND c."name_en" IS NULL;
