-- pg_trgm powers Chinese substring search (GIN trigram indexes)
CREATE EXTENSION IF NOT EXISTS pg_trgm;
