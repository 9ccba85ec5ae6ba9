-- Body weight moves to its one store: HealthRecord rows of type body_mass (kg), as the person's own
-- ("manual") readings, one per day (external id "body_mass:<day>", as lib/health/body-weight.ts
-- writes them). A manual body_mass reading already stored for that day wins (ON CONFLICT DO NOTHING).
INSERT INTO "HealthRecord" ("id", "userId", "type", "value", "unit", "maxValue", "stage", "date", "startAt", "endAt", "source", "sourceId", "externalId", "createdAt", "updatedAt")
SELECT 'bw' || replace(gen_random_uuid()::text, '-', ''), b."userId", 'body_mass', b."kg", 'kg', NULL, NULL, b."date",
       (b."date" || 'T12:00:00Z')::timestamptz AT TIME ZONE 'UTC', NULL, 'manual', 'manual', 'body_mass:' || b."date", b."createdAt", b."updatedAt"
FROM "BodyWeightEntry" b
ON CONFLICT ("userId", "sourceId", "externalId") DO NOTHING;

-- DropForeignKey
ALTER TABLE "BodyWeightEntry" DROP CONSTRAINT "BodyWeightEntry_userId_fkey";

-- DropTable
DROP TABLE "BodyWeightEntry";

