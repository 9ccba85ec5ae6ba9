-- AlterTable
ALTER TABLE "AdaptationEvent" ADD COLUMN     "changeCount" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "AdaptationTotals" (
    "userId" TEXT NOT NULL,
    "events" INTEGER NOT NULL DEFAULT 0,
    "changes" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "AdaptationTotals_pkey" PRIMARY KEY ("userId")
);

-- AddForeignKey
ALTER TABLE "AdaptationTotals" ADD CONSTRAINT "AdaptationTotals_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Backfill (before the triggers exist): each event's change count, then each person's totals, so the
-- stored figures equal a recount of the rows already written.
UPDATE "AdaptationEvent" AS e SET "changeCount" = c.n
  FROM (SELECT "eventId", count(*)::int AS n FROM "WorkoutChange" GROUP BY "eventId") AS c
 WHERE e."id" = c."eventId";

INSERT INTO "AdaptationTotals" ("userId", "events", "changes")
SELECT "userId", count(*)::int, sum("changeCount")::int FROM "AdaptationEvent" GROUP BY "userId";

-- get_training_progress' totals without counting the person's history (issue 35): each event keeps how
-- many changes it holds, each person how many events and changes, in the statement that writes them,
-- whoever writes (Prisma, a driver statement, a script). One row per person: concurrent writes of one
-- person queue on it until each commits, so the figures stay exact. A deleted event takes its own
-- count away; its changes, deleted by the cascade after it, then find no event to update, so the
-- order of the two never counts a change twice.
CREATE OR REPLACE FUNCTION "pacewise_adaptation_totals"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW."userId" = OLD."userId" THEN
    IF NEW."changeCount" <> OLD."changeCount" THEN
      UPDATE "AdaptationTotals" SET "changes" = "changes" + NEW."changeCount" - OLD."changeCount" WHERE "userId" = NEW."userId";
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    -- An update, never an insert: while the person is being deleted their totals row may be gone already.
    UPDATE "AdaptationTotals" SET "events" = "events" - 1, "changes" = "changes" - OLD."changeCount" WHERE "userId" = OLD."userId";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "AdaptationTotals" ("userId", "events", "changes") VALUES (NEW."userId", 1, NEW."changeCount")
    ON CONFLICT ("userId") DO UPDATE SET "events" = "AdaptationTotals"."events" + 1, "changes" = "AdaptationTotals"."changes" + EXCLUDED."changes";
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "AdaptationEvent_totals" AFTER INSERT OR DELETE OR UPDATE OF "userId", "changeCount" ON "AdaptationEvent"
FOR EACH ROW EXECUTE FUNCTION "pacewise_adaptation_totals"();

-- One update per event a statement touches (createMany writes an event's changes in one statement).
CREATE OR REPLACE FUNCTION "pacewise_event_change_count"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE "AdaptationEvent" AS e SET "changeCount" = e."changeCount" - c.n
      FROM (SELECT "eventId", count(*)::int AS n FROM old_changes GROUP BY "eventId") AS c
     WHERE e."id" = c."eventId";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE "AdaptationEvent" AS e SET "changeCount" = e."changeCount" + c.n
      FROM (SELECT "eventId", count(*)::int AS n FROM new_changes GROUP BY "eventId") AS c
     WHERE e."id" = c."eventId";
  END IF;
  RETURN NULL;
END
$$;

-- A trigger with transition tables takes one event each.
CREATE TRIGGER "WorkoutChange_count_insert" AFTER INSERT ON "WorkoutChange"
REFERENCING NEW TABLE AS new_changes FOR EACH STATEMENT EXECUTE FUNCTION "pacewise_event_change_count"();
CREATE TRIGGER "WorkoutChange_count_delete" AFTER DELETE ON "WorkoutChange"
REFERENCING OLD TABLE AS old_changes FOR EACH STATEMENT EXECUTE FUNCTION "pacewise_event_change_count"();
CREATE TRIGGER "WorkoutChange_count_update" AFTER UPDATE ON "WorkoutChange"
REFERENCING OLD TABLE AS old_changes NEW TABLE AS new_changes FOR EACH STATEMENT EXECUTE FUNCTION "pacewise_event_change_count"();
