-- Registrations disabled before the status column existed keep being disabled.
UPDATE "lms_integrations" SET "status" = 'disabled' WHERE "enabled" = false;--> statement-breakpoint
-- Every registration's deployment id becomes its first lms_deployments row (mapped to its institution).
INSERT INTO "lms_deployments" ("integration_id", "deployment_id", "institution_id")
SELECT "id", "deployment_id", "institution_id" FROM "lms_integrations" WHERE "deployment_id" IS NOT NULL
ON CONFLICT DO NOTHING;
