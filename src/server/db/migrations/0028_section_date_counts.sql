CREATE TABLE "section_date_counts" (
	"institution_id" integer NOT NULL,
	"use_type" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "section_date_counts_inst_idx" ON "section_date_counts" USING btree ("institution_id","use_type");--> statement-breakpoint
-- The differences one statement on sections made to the live sections per (institution, use type,
-- start, end): one row per key that changed (statement-level triggers, transition tables).
CREATE FUNCTION "section_date_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "section_date_counts" ("institution_id", "use_type", "start_date", "end_date", "n")
    SELECT "institution_id", "use_type", "start_date", "end_date", count(*)
      FROM "added" WHERE "deleted_at" IS NULL GROUP BY 1, 2, 3, 4;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "section_date_counts" ("institution_id", "use_type", "start_date", "end_date", "n")
    SELECT "institution_id", "use_type", "start_date", "end_date", -count(*)
      FROM "removed" WHERE "deleted_at" IS NULL GROUP BY 1, 2, 3, 4;
  ELSE
    INSERT INTO "section_date_counts" ("institution_id", "use_type", "start_date", "end_date", "n")
    SELECT "institution_id", "use_type", "start_date", "end_date", sum("d")
      FROM (SELECT "institution_id", "use_type", "start_date", "end_date", 1 AS "d"
              FROM "added" WHERE "deleted_at" IS NULL
            UNION ALL
            SELECT "institution_id", "use_type", "start_date", "end_date", -1
              FROM "removed" WHERE "deleted_at" IS NULL) AS "changes"
     GROUP BY 1, 2, 3, 4 HAVING sum("d") <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sections_date_counts_insert" AFTER INSERT ON "sections"
  REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "section_date_counts_add"();
--> statement-breakpoint
CREATE TRIGGER "sections_date_counts_update" AFTER UPDATE ON "sections"
  REFERENCING OLD TABLE AS "removed" NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "section_date_counts_add"();
--> statement-breakpoint
CREATE TRIGGER "sections_date_counts_delete" AFTER DELETE ON "sections"
  REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "section_date_counts_add"();
--> statement-breakpoint
-- The sections there are now.
INSERT INTO "section_date_counts" ("institution_id", "use_type", "start_date", "end_date", "n")
SELECT "institution_id", "use_type", "start_date", "end_date", count(*)
  FROM "sections" WHERE "deleted_at" IS NULL GROUP BY 1, 2, 3, 4;
