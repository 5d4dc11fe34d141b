-- AlterTable
ALTER TABLE "ProviderCredential" ADD COLUMN "baseUrl" TEXT;
