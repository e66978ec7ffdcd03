ALTER TABLE "lti_launch_log" ADD COLUMN "client_id" text;--> statement-breakpoint
ALTER TABLE "lti_launch_log" ADD COLUMN "context_title" text;--> statement-breakpoint
CREATE INDEX "lti_launch_log_unregistered_idx" ON "lti_launch_log" USING btree ("issuer","at") WHERE integration_id is null;--> statement-breakpoint
CREATE INDEX "lti_launch_log_at_idx" ON "lti_launch_log" USING btree ("at");