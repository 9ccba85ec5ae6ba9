-- AlterTable
ALTER TABLE "OAuthClient" ADD COLUMN     "idKey" TEXT;

-- AlterTable
ALTER TABLE "ClientMetadataDocument" ADD COLUMN     "hostKey" TEXT,
ADD COLUMN     "nameKey" TEXT;

-- CreateIndex
CREATE INDEX "OAuthClient_idKey_idx" ON "OAuthClient"("idKey");

-- CreateIndex
CREATE INDEX "ClientMetadataDocument_hostKey_idx" ON "ClientMetadataDocument"("hostKey");

-- CreateIndex
CREATE INDEX "ClientMetadataDocument_nameKey_idx" ON "ClientMetadataDocument"("nameKey");

