-- AlterTable
ALTER TABLE "Approval" ADD COLUMN     "target" JSONB;
