-- AlterTable
ALTER TABLE "Benchmark" ADD COLUMN     "rpe" DOUBLE PRECISION;

