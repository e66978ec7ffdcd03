ALTER TABLE "copy_jobs" ADD COLUMN "reason_code" integer;--> statement-breakpoint
ALTER TABLE "copy_jobs" ADD COLUMN "queue_job_id" uuid;--> statement-breakpoint
ALTER TABLE "copy_jobs" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "copy_jobs_status_idx" ON "copy_jobs" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "copy_requests_requester_idx" ON "copy_requests" USING btree ("requested_by","institution_id","created_at");