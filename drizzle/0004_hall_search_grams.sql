-- Added by hand before drizzle-kit's statements (the index below uses them): the hall's search of
-- 1–2 character terms, which a trigram index cannot serve.
-- search_grams: every 1- and 2-character substring of a text, as numbers (a character is its code
-- point; a pair is (first + 1) * 2^21 + second), so the GIN index compares integers.
CREATE OR REPLACE FUNCTION search_grams(t text) RETURNS bigint[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
    SELECT ARRAY(SELECT ascii(a)::bigint FROM unnest(c) AS a)
        || ARRAY(SELECT (ascii(a)::bigint + 1) * 2097152 + ascii(b) FROM unnest(c, c[2:]) AS u(a, b) WHERE b IS NOT NULL)
    FROM (SELECT string_to_array(t, NULL) AS c) AS s
  $$;--> statement-breakpoint
-- search_gram_key: the key of a 1–2 character term (its last gram: the character, or the pair).
CREATE OR REPLACE FUNCTION search_gram_key(t text) RETURNS bigint[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
    SELECT g[cardinality(g):cardinality(g)] FROM (SELECT search_grams(t) AS g) AS s
  $$;--> statement-breakpoint
DROP INDEX "tasks_status_category_created_idx";--> statement-breakpoint
DROP INDEX "tasks_status_budget_min_idx";--> statement-breakpoint
ALTER TABLE "tasks" drop column "search_text";--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("tasks"."title" || ' ' || coalesce("tasks"."product_name", '') || ' ' || "tasks"."description")) STORED;--> statement-breakpoint
-- dropping the column dropped its trigram index: recreate it (added by hand)
CREATE INDEX "tasks_search_trgm_idx" ON "tasks" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tasks_search_grams_idx" ON "tasks" USING gin (search_grams("search_text"));--> statement-breakpoint
CREATE INDEX "tasks_status_category_created_idx" ON "tasks" USING btree ("status","category_id","created_at" DESC NULLS LAST,"budget_min","budget_max");--> statement-breakpoint
CREATE INDEX "tasks_status_budget_min_idx" ON "tasks" USING btree ("status","budget_min","created_at" DESC NULLS LAST,"budget_max");