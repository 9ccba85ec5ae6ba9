-- AlterTable
ALTER TABLE "Profile" ADD COLUMN     "trainingTime" TEXT;

-- AlterTable
ALTER TABLE "Workout" ADD COLUMN     "sequence" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "CalendarFeed" (
    "userId" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "rotatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CalendarFeed_pkey" PRIMARY KEY ("userId")
);

-- CreateIndex
CREATE UNIQUE INDEX "CalendarFeed_tokenHash_key" ON "CalendarFeed"("tokenHash");

-- AddForeignKey
ALTER TABLE "CalendarFeed" ADD CONSTRAINT "CalendarFeed_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- The calendar SEQUENCE of a session (lib/coaching/calendar-events.ts): one more whenever what a
-- calendar shows of it changes (its day, status, kind, title, prescription or notes), whoever writes
-- the row: Prisma, or the driver statements that re-prescribe many sessions at once.
CREATE OR REPLACE FUNCTION "pacewise_workout_sequence"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW."date", NEW."status", NEW."kind", NEW."title", NEW."strength", NEW."run", NEW."notes")
     IS DISTINCT FROM (OLD."date", OLD."status", OLD."kind", OLD."title", OLD."strength", OLD."run", OLD."notes") THEN
    NEW."sequence" := OLD."sequence" + 1;
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER "Workout_sequence" BEFORE UPDATE ON "Workout"
FOR EACH ROW EXECUTE FUNCTION "pacewise_workout_sequence"();
