-- AlterTable
ALTER TABLE "TrainingPlan" ADD COLUMN     "goalTimeS" INTEGER;

