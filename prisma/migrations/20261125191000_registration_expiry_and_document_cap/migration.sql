-- AlterTable
ALTER TABLE "ClientMetadataDocument" ADD COLUMN     "host" TEXT NOT NULL DEFAULT '';

-- CreateIndex
CREATE INDEX "OAuthClient_createdAt_idx" ON "OAuthClient"("createdAt");

-- CreateIndex
CREATE INDEX "ClientMetadataDocument_host_idx" ON "ClientMetadataDocument"("host");

-- CreateIndex
CREATE INDEX "OAuthGrantActivity_clientId_idx" ON "OAuthGrantActivity"("clientId");


-- Documents stored before: their host from the URL.
UPDATE "ClientMetadataDocument" SET "host" = lower(substring("url" from '^https://([^/?#]+)')) WHERE "host" = '';

-- CreateIndex
CREATE INDEX "OAuthRecord_clientId_idx" ON "OAuthRecord"("clientId");
