-- AlterTable
ALTER TABLE "Run" DROP COLUMN "costUsd",
ADD COLUMN     "costNanoUsd" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "depth" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "rootRunId" TEXT;

-- AlterTable
ALTER TABLE "UsageRecord" DROP COLUMN "costUsd",
ADD COLUMN     "costNanoUsd" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "requestedModel" TEXT;

-- CreateIndex
CREATE INDEX "Run_rootRunId_idx" ON "Run"("rootRunId");
