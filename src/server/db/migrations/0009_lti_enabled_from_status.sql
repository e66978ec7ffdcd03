ALTER TABLE "lms_integrations" ALTER COLUMN "enabled" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "lms_integrations" drop column "enabled";--> statement-breakpoint
ALTER TABLE "lms_integrations" ADD COLUMN "enabled" boolean GENERATED ALWAYS AS (status = 'active') STORED NOT NULL;