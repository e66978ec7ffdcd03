-- Trigram matching for the contains-searches (ILIKE '%text%'): GIN gin_trgm_ops indexes in the
-- next migration. A trusted extension: a database owner may create it. PGlite loads it as a contrib
-- extension (src/server/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
