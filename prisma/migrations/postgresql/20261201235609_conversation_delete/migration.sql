-- AlterTable
ALTER TABLE "Conversation" ADD COLUMN     "deletedAt" TIMESTAMP(3),
ADD COLUMN     "deletedById" TEXT;

-- CreateIndex
CREATE INDEX "Conversation_deletedAt_updatedAt_idx" ON "Conversation"("deletedAt", "updatedAt");
