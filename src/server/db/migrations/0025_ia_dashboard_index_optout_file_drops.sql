ALTER TABLE "opt_out_changes" ADD COLUMN "dropped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "opt_out_changes" ADD COLUMN "previous_access_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "opt_out_changes" ADD COLUMN "previous_opt_decided_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "enrollments_section_role_opt_idx" ON "enrollments" USING btree ("section_id","course_role","opt_status");