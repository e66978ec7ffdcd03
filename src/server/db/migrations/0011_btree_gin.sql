-- btree_gin: GIN indexes that start with an integer column, so a trigram search inside one
-- institution reads (institution_id, trigram) entries only. A trusted extension, like pg_trgm;
-- PGlite loads it as a contrib extension (src/server/db/client.ts).
CREATE EXTENSION IF NOT EXISTS btree_gin;
