DROP INDEX "offers_inst_idx";--> statement-breakpoint
CREATE INDEX "offers_inst_title_idx" ON "offers" USING btree ("institution_id","title","id");