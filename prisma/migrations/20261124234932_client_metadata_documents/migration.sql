-- CreateTable
CREATE TABLE "ClientMetadataDocument" (
    "url" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "fetchedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ClientMetadataDocument_pkey" PRIMARY KEY ("url")
);

-- CreateIndex
CREATE INDEX "ClientMetadataDocument_expiresAt_idx" ON "ClientMetadataDocument"("expiresAt");

