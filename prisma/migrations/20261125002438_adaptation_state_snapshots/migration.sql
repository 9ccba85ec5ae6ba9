-- AlterTable
ALTER TABLE "AdaptationEvent" ADD COLUMN     "stateAfter" JSONB,
ADD COLUMN     "stateBefore" JSONB;

