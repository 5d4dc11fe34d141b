-- AlterTable
ALTER TABLE "Conversation" ADD COLUMN     "modelKey" TEXT;
