DROP INDEX "sections_course_name_trgm";--> statement-breakpoint
DROP INDEX "sections_section_code_trgm";--> statement-breakpoint
CREATE INDEX "sections_inst_course_name_trgm" ON "sections" USING gin ("institution_id","course_name" gin_trgm_ops) WHERE "sections"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "sections_inst_section_code_trgm" ON "sections" USING gin ("institution_id","section_code" gin_trgm_ops) WHERE "sections"."deleted_at" is null;