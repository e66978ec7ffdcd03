DROP INDEX "pairings_inst_idx";--> statement-breakpoint
CREATE INDEX "pairings_inst_product_idx" ON "lms_course_pairings" USING btree ("institution_id","product_id");