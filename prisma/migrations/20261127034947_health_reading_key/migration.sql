-- A health record without an id of its own is one row per person, source, type, start, value and
-- sleep stage (lib/health/records.ts): record_health_data writes a whole batch in one
-- INSERT ... ON CONFLICT against this key instead of reading each record under a per-person lock.
-- Prisma's schema cannot state a partial expression index, so it lives here only.
-- Copies of one reading (stored before this key, by calls that raced) are the same reading: keep the first.
DELETE FROM "HealthRecord" AS h
USING "HealthRecord" AS o
WHERE h."externalId" IS NULL AND o."externalId" IS NULL
  AND h."userId" = o."userId" AND h."sourceId" = o."sourceId" AND h."type" = o."type"
  AND h."startAt" = o."startAt" AND h."value" = o."value" AND COALESCE(h."stage", '') = COALESCE(o."stage", '')
  AND (o."createdAt", o."id") < (h."createdAt", h."id");

CREATE UNIQUE INDEX "HealthRecord_reading_key" ON "HealthRecord" ("userId", "sourceId", "type", "startAt", "value", (COALESCE("stage", '')))
WHERE "externalId" IS NULL;
