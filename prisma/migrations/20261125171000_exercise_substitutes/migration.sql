-- AlterTable
ALTER TABLE "Exercise" ADD COLUMN     "substitutes" TEXT[] DEFAULT ARRAY[]::TEXT[];

