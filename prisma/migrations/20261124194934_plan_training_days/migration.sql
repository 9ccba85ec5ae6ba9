-- AlterTable
ALTER TABLE "TrainingPlan" ADD COLUMN     "trainingDays" TEXT[] DEFAULT ARRAY[]::TEXT[];

