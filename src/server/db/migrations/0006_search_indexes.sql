CREATE INDEX "institutions_display_name_trgm" ON "institutions" USING gin ("display_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "institutions_aggregate_name_trgm" ON "institutions" USING gin ("aggregate_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sections_course_name_trgm" ON "sections" USING gin ("course_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sections_section_code_trgm" ON "sections" USING gin ("section_code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "memberships_inst_staff_idx" ON "memberships" USING btree ("institution_id","user_id") WHERE "memberships"."course_role" <> 'student';--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_uq" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_uq" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "users_full_name_trgm" ON "users" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_username_trgm" ON "users" USING gin ("username" gin_trgm_ops);