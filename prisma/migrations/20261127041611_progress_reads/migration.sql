-- CreateIndex
CREATE INDEX "Workout_userId_completedAt_idx" ON "Workout"("userId", "completedAt");

-- CreateIndex
CREATE INDEX "AdaptationEvent_workoutId_idx" ON "AdaptationEvent"("workoutId");

