ALTER TABLE "copy_jobs" ALTER COLUMN "status" SET DEFAULT 'notstarted';--> statement-breakpoint
-- Courses an older version left pending have no queue job: fail them so the requester can Retry.
UPDATE "copy_jobs"
SET "status" = 'FailedPermanently',
  "reason" = 'The copy was not started. Use Retry to try again.',
  "reason_code" = 160,
  "finished_at" = now(),
  "updated_at" = now()
WHERE "status" = 'pending';
--> statement-breakpoint
-- The copy.dispatch sweep is gone: drop its pg-boss schedule where pg-boss is installed already.
DO $$
BEGIN
  IF to_regclass('pgboss.schedule') IS NOT NULL THEN
    DELETE FROM pgboss.schedule WHERE name = 'copy.dispatch';
  END IF;
END $$;
