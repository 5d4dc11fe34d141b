-- AlterTable
ALTER TABLE "Conversation" ADD COLUMN "forkedFromConversationId" TEXT;
ALTER TABLE "Conversation" ADD COLUMN "forkedFromSeq" INTEGER;
ALTER TABLE "Conversation" ADD COLUMN "replayOfId" TEXT;
ALTER TABLE "Conversation" ADD COLUMN "replayStatus" TEXT;
ALTER TABLE "Conversation" ADD COLUMN "replayToolResults" TEXT;

-- AlterTable
ALTER TABLE "Run" ADD COLUMN "apiTokenId" TEXT;
ALTER TABLE "Run" ADD COLUMN "userId" TEXT;

-- AlterTable
ALTER TABLE "UsageRecord" ADD COLUMN "apiTokenId" TEXT;
ALTER TABLE "UsageRecord" ADD COLUMN "userId" TEXT;

-- CreateTable
CREATE TABLE "PriceEntry" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT,
    "provider" TEXT NOT NULL,
    "modelPattern" TEXT NOT NULL,
    "inputPerMTokNanoUsd" BIGINT NOT NULL,
    "outputPerMTokNanoUsd" BIGINT NOT NULL,
    "cacheReadPerMTokNanoUsd" BIGINT,
    "cacheWritePerMTokNanoUsd" BIGINT,
    "validFrom" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "overrides" BOOLEAN NOT NULL DEFAULT false,
    "createdById" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "Budget" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "scope" TEXT NOT NULL,
    "scopeId" TEXT,
    "window" TEXT NOT NULL,
    "maxCostNanoUsd" BIGINT,
    "maxTotalTokens" BIGINT,
    "alertAt" TEXT NOT NULL DEFAULT '[0.5,0.8,1]',
    "createdById" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "BudgetAlert" (
    "budgetId" TEXT NOT NULL,
    "windowStart" TEXT NOT NULL,
    "threshold" TEXT NOT NULL,
    "limit" TEXT NOT NULL,
    "spent" BIGINT NOT NULL,
    "max" BIGINT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("budgetId", "windowStart", "threshold"),
    CONSTRAINT "BudgetAlert_budgetId_fkey" FOREIGN KEY ("budgetId") REFERENCES "Budget" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "PriceEntry_provider_idx" ON "PriceEntry"("provider");

-- CreateIndex
CREATE INDEX "Budget_scope_scopeId_idx" ON "Budget"("scope", "scopeId");

-- CreateIndex
CREATE INDEX "BudgetAlert_createdAt_idx" ON "BudgetAlert"("createdAt");

-- CreateIndex
CREATE INDEX "Conversation_forkedFromConversationId_idx" ON "Conversation"("forkedFromConversationId");

-- CreateIndex
CREATE INDEX "Conversation_replayOfId_idx" ON "Conversation"("replayOfId");

-- CreateIndex
CREATE INDEX "UsageRecord_userId_createdAt_idx" ON "UsageRecord"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "UsageRecord_apiTokenId_createdAt_idx" ON "UsageRecord"("apiTokenId", "createdAt");
