-- CreateTable
CREATE TABLE "TrainingWeek" (
    "userId" TEXT NOT NULL,
    "week" TEXT NOT NULL,
    "stale" BOOLEAN NOT NULL DEFAULT true,
    "completed" INTEGER NOT NULL DEFAULT 0,
    "skipped" INTEGER NOT NULL DEFAULT 0,
    "distanceM" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "durationS" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "vdot" DOUBLE PRECISION,
    "lifts" JSONB NOT NULL DEFAULT '[]',

    CONSTRAINT "TrainingWeek_pkey" PRIMARY KEY ("userId","week")
);

-- CreateIndex
CREATE INDEX "TrainingWeek_userId_stale_idx" ON "TrainingWeek"("userId", "stale");

-- AddForeignKey
ALTER TABLE "TrainingWeek" ADD CONSTRAINT "TrainingWeek_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- get_training_progress' weekly trends kept per week (issue 35): drawing 12 weeks reads 12 rows, not the
-- weeks' sessions. The figures follow lib/training/trends.ts (weekFigures: e1RM from the RPE chart or
-- Epley, VDOT from races and threshold segments), so they are worked out in the app, at the end of the
-- person's coaching write (lib/coaching/training-weeks.ts, under the person's lock). What keeps them true
-- is here: the statement that inserts, deletes or changes a completed or skipped session marks its week
-- (and the week it left) stale, whoever writes it; a stale week is read from its sessions until it is
-- worked out again.

CREATE OR REPLACE FUNCTION "pacewise_training_week_stale"(p_user text, p_day text) RETURNS void
LANGUAGE sql AS $$
  -- Not for a person being deleted: their weeks go with them (the FOREIGN KEY would refuse the row).
  INSERT INTO "TrainingWeek" ("userId", "week", "stale")
  SELECT p_user, to_char("pacewise_monday"(p_day), 'YYYY-MM-DD'), true
   WHERE EXISTS (SELECT 1 FROM "User" WHERE "id" = p_user)
  ON CONFLICT ("userId", "week") DO UPDATE SET "stale" = true WHERE NOT "TrainingWeek"."stale"
$$;

CREATE OR REPLACE FUNCTION "pacewise_training_weeks_mark"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."status" IN ('completed', 'skipped') THEN
    PERFORM "pacewise_training_week_stale"(OLD."userId", OLD."date");
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW."status" IN ('completed', 'skipped') THEN
    PERFORM "pacewise_training_week_stale"(NEW."userId", NEW."date");
  END IF;
  RETURN NULL;
END
$$;

-- Backfill: every week with a logged session is stale, worked out at the person's next coaching write.
INSERT INTO "TrainingWeek" ("userId", "week", "stale")
SELECT DISTINCT "userId", to_char("pacewise_monday"("date"), 'YYYY-MM-DD'), true
  FROM "Workout" WHERE "status" IN ('completed', 'skipped')
ON CONFLICT DO NOTHING;

-- Scheduled sessions (most rows, rewritten in bulk by adaptation) fail the WHEN test without calling the function.
CREATE TRIGGER "Workout_training_weeks_insert" AFTER INSERT ON "Workout" FOR EACH ROW
WHEN (NEW."status" IN ('completed', 'skipped')) EXECUTE FUNCTION "pacewise_training_weeks_mark"();
CREATE TRIGGER "Workout_training_weeks_delete" AFTER DELETE ON "Workout" FOR EACH ROW
WHEN (OLD."status" IN ('completed', 'skipped')) EXECUTE FUNCTION "pacewise_training_weeks_mark"();
CREATE TRIGGER "Workout_training_weeks_update" AFTER UPDATE ON "Workout" FOR EACH ROW
WHEN ((OLD."status" IN ('completed', 'skipped') OR NEW."status" IN ('completed', 'skipped'))
      AND (OLD."userId", OLD."date", OLD."status", OLD."actual", OLD."strength", OLD."run")
          IS DISTINCT FROM (NEW."userId", NEW."date", NEW."status", NEW."actual", NEW."strength", NEW."run"))
EXECUTE FUNCTION "pacewise_training_weeks_mark"();
