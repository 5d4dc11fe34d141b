-- AlterTable
ALTER TABLE "Run" ADD COLUMN     "parentToolCallId" TEXT;
