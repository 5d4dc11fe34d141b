-- AlterTable
ALTER TABLE "Conversation" ADD COLUMN "deletedAt" DATETIME;
ALTER TABLE "Conversation" ADD COLUMN "deletedById" TEXT;

-- CreateIndex
CREATE INDEX "Conversation_deletedAt_updatedAt_idx" ON "Conversation"("deletedAt", "updatedAt");
