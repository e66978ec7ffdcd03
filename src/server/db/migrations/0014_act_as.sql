ALTER TABLE "audit_log" ADD COLUMN "acting_as_user_id" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "acting_user_id" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "acting_org_id" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "acting_reason" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "acting_allow_writes" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "acting_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_acting_user_id_users_id_fk" FOREIGN KEY ("acting_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;