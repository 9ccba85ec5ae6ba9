-- CreateTable
CREATE TABLE "Exercise" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "modality" TEXT NOT NULL,
    "pattern" TEXT NOT NULL,
    "loadType" TEXT NOT NULL,
    "equipment" TEXT[],
    "repRangeLow" INTEGER,
    "repRangeHigh" INTEGER,
    "runKind" TEXT,

    CONSTRAINT "Exercise_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TrainingPlan" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "goal" TEXT NOT NULL,
    "startDate" TEXT NOT NULL,
    "weeks" INTEGER NOT NULL,
    "daysPerWeek" INTEGER NOT NULL,
    "equipment" TEXT[],
    "raceDate" TEXT,
    "raceDistanceM" DOUBLE PRECISION,
    "mainLiftProgression" TEXT NOT NULL,
    "notes" TEXT,
    "basis" JSONB NOT NULL,
    "revision" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TrainingPlan_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Workout" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "planId" TEXT,
    "date" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "week" INTEGER,
    "phase" TEXT,
    "strength" JSONB NOT NULL,
    "run" JSONB NOT NULL,
    "actual" JSONB,
    "notes" TEXT,
    "completedAt" TIMESTAMP(3),
    "skippedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Workout_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AthleteState" (
    "userId" TEXT NOT NULL,
    "state" JSONB NOT NULL,
    "vdotDate" TEXT,
    "version" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AthleteState_pkey" PRIMARY KEY ("userId")
);

-- CreateTable
CREATE TABLE "AdaptationEvent" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "trigger" TEXT NOT NULL,
    "workoutId" TEXT,
    "benchmarkId" TEXT,
    "notes" TEXT[],
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AdaptationEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WorkoutChange" (
    "id" TEXT NOT NULL,
    "eventId" TEXT NOT NULL,
    "workoutId" TEXT NOT NULL,
    "date" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "before" DOUBLE PRECISION,
    "after" DOUBLE PRECISION,
    "reason" TEXT NOT NULL,
    "position" INTEGER NOT NULL,

    CONSTRAINT "WorkoutChange_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "TrainingPlan_userId_createdAt_idx" ON "TrainingPlan"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "Workout_userId_date_idx" ON "Workout"("userId", "date");

-- CreateIndex
CREATE INDEX "Workout_userId_status_date_idx" ON "Workout"("userId", "status", "date");

-- CreateIndex
CREATE INDEX "Workout_planId_idx" ON "Workout"("planId");

-- CreateIndex
CREATE INDEX "AdaptationEvent_userId_createdAt_idx" ON "AdaptationEvent"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "WorkoutChange_workoutId_idx" ON "WorkoutChange"("workoutId");

-- CreateIndex
CREATE INDEX "WorkoutChange_eventId_idx" ON "WorkoutChange"("eventId");

-- AddForeignKey
ALTER TABLE "TrainingPlan" ADD CONSTRAINT "TrainingPlan_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Workout" ADD CONSTRAINT "Workout_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Workout" ADD CONSTRAINT "Workout_planId_fkey" FOREIGN KEY ("planId") REFERENCES "TrainingPlan"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AthleteState" ADD CONSTRAINT "AthleteState_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AdaptationEvent" ADD CONSTRAINT "AdaptationEvent_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WorkoutChange" ADD CONSTRAINT "WorkoutChange_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "AdaptationEvent"("id") ON DELETE CASCADE ON UPDATE CASCADE;

