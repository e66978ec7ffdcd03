CREATE TABLE "lms_deployments" (
	"id" serial PRIMARY KEY NOT NULL,
	"integration_id" integer NOT NULL,
	"deployment_id" text NOT NULL,
	"institution_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lti_identities" (
	"id" serial PRIMARY KEY NOT NULL,
	"issuer" text NOT NULL,
	"sub" text NOT NULL,
	"user_id" integer NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lti_launch_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"integration_id" integer,
	"institution_id" integer,
	"issuer" text,
	"deployment_id" text,
	"context_id" text,
	"message_type" text,
	"roles" jsonb,
	"result" text NOT NULL,
	"reason_code" text,
	"sub" text
);
--> statement-breakpoint
CREATE TABLE "lti_oidc_states" (
	"state" text PRIMARY KEY NOT NULL,
	"nonce" text NOT NULL,
	"integration_id" integer NOT NULL,
	"deployment_id" text,
	"target_link_uri" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lti_registration_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"integration_id" integer,
	CONSTRAINT "lti_registration_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "lti_used_nonces" (
	"integration_id" integer NOT NULL,
	"nonce" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lti_used_nonces_integration_id_nonce_pk" PRIMARY KEY("integration_id","nonce")
);
--> statement-breakpoint
ALTER TABLE "lms_integrations" ALTER COLUMN "deployment_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "lms_integrations" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "lms_deployments" ADD CONSTRAINT "lms_deployments_integration_id_lms_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."lms_integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lms_deployments" ADD CONSTRAINT "lms_deployments_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_identities" ADD CONSTRAINT "lti_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_launch_log" ADD CONSTRAINT "lti_launch_log_integration_id_lms_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."lms_integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_launch_log" ADD CONSTRAINT "lti_launch_log_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_oidc_states" ADD CONSTRAINT "lti_oidc_states_integration_id_lms_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."lms_integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_registration_links" ADD CONSTRAINT "lti_registration_links_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_registration_links" ADD CONSTRAINT "lti_registration_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_registration_links" ADD CONSTRAINT "lti_registration_links_integration_id_lms_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."lms_integrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_used_nonces" ADD CONSTRAINT "lti_used_nonces_integration_id_lms_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."lms_integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lms_deployments_uq" ON "lms_deployments" USING btree ("integration_id","deployment_id");--> statement-breakpoint
CREATE INDEX "lms_deployments_inst_idx" ON "lms_deployments" USING btree ("institution_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lti_identities_uq" ON "lti_identities" USING btree ("issuer","sub");--> statement-breakpoint
CREATE INDEX "lti_identities_user_idx" ON "lti_identities" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "lti_launch_log_integration_idx" ON "lti_launch_log" USING btree ("integration_id","at");--> statement-breakpoint
CREATE INDEX "lti_launch_log_inst_idx" ON "lti_launch_log" USING btree ("institution_id","at");--> statement-breakpoint
CREATE INDEX "lti_oidc_states_expires_idx" ON "lti_oidc_states" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "lti_registration_links_inst_idx" ON "lti_registration_links" USING btree ("institution_id");--> statement-breakpoint
CREATE INDEX "lti_used_nonces_expires_idx" ON "lti_used_nonces" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lms_integrations_issuer_client_uq" ON "lms_integrations" USING btree ("issuer","client_id");--> statement-breakpoint
CREATE INDEX "lms_key_store_integration_idx" ON "lms_key_store" USING btree ("integration_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lms_key_store_signing_uq" ON "lms_key_store" USING btree ("integration_id") WHERE "lms_key_store"."retired_at" is null;--> statement-breakpoint
ALTER TABLE "lms_integrations" ADD CONSTRAINT "lms_integrations_status_ck" CHECK ("lms_integrations"."status" in ('pending', 'active', 'disabled'));