CREATE TABLE "lti_roster_syncs" (
	"pairing_id" integer PRIMARY KEY NOT NULL,
	"memberships_url" text NOT NULL,
	"differences_url" text,
	"resume_url" text,
	"seen_subs" jsonb,
	"run_counts" jsonb,
	"run_id" text,
	"started_at" timestamp with time zone,
	"last_sync_at" timestamp with time zone,
	"counts" jsonb,
	"last_error" text,
	"last_error_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "lms_key_store" ADD COLUMN "activates_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "dropped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lti_roster_syncs" ADD CONSTRAINT "lti_roster_syncs_pairing_id_lms_course_pairings_id_fk" FOREIGN KEY ("pairing_id") REFERENCES "public"."lms_course_pairings"("id") ON DELETE cascade ON UPDATE no action;