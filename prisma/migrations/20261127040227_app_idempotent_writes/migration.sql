-- CreateTable
CREATE TABLE "IdempotentWrite" (
    "userId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "operation" TEXT NOT NULL,
    "workoutId" TEXT NOT NULL,
    "eventId" TEXT,
    "outcome" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "IdempotentWrite_pkey" PRIMARY KEY ("userId","key")
);

-- CreateIndex
CREATE INDEX "IdempotentWrite_createdAt_idx" ON "IdempotentWrite"("createdAt");

-- AddForeignKey
ALTER TABLE "IdempotentWrite" ADD CONSTRAINT "IdempotentWrite_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

