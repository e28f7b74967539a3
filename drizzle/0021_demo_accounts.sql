ALTER TABLE "users" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "users_demo_idx" ON "users" USING btree ("id") WHERE "users"."is_demo";--> statement-breakpoint
-- a database seeded before the flag existed: the seed's accounts are the only ones at @demo.test (a reserved
-- name no sign-up can verify); from now on the seed sets the flag itself (decision 0032)
UPDATE "users" SET "is_demo" = true WHERE lower("email") LIKE '%@demo.test';
--> statement-breakpoint
-- the ledger stays append-only, except inside the one transaction that removes the demo data (admin console →
-- 概览), which sets ledger.demo_removal for itself (set_config(..., true)) and deletes only demo entries
CREATE OR REPLACE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('ledger.demo_removal', true) = 'on' THEN
    IF TG_OP = 'DELETE' THEN
      RETURN OLD;
    END IF;
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'ledger rows are append-only (%)', TG_TABLE_NAME USING ERRCODE = 'P0001';
END $$;
