CREATE TABLE "opt_status_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"enrollment_id" integer NOT NULL,
	"previous_opt_status" text NOT NULL,
	"new_opt_status" text NOT NULL,
	"cause" text NOT NULL,
	"reason" text,
	"late" boolean DEFAULT false NOT NULL,
	"actor_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "course_role" text DEFAULT 'student' NOT NULL;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "opt_decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "drop_cause" text;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "opt_status_changes" ADD CONSTRAINT "opt_status_changes_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opt_status_changes" ADD CONSTRAINT "opt_status_changes_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "opt_status_changes_enrollment_idx" ON "opt_status_changes" USING btree ("enrollment_id");