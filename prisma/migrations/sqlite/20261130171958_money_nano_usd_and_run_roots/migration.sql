-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Run" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "conversationId" TEXT NOT NULL,
    "agentId" TEXT NOT NULL,
    "parentRunId" TEXT,
    "kind" TEXT NOT NULL DEFAULT 'turn',
    "rootRunId" TEXT,
    "depth" INTEGER NOT NULL DEFAULT 0,
    "status" TEXT NOT NULL,
    "stopReason" TEXT,
    "error" TEXT,
    "model" TEXT,
    "requests" INTEGER NOT NULL DEFAULT 0,
    "toolCalls" INTEGER NOT NULL DEFAULT 0,
    "inputTokens" INTEGER NOT NULL DEFAULT 0,
    "outputTokens" INTEGER NOT NULL DEFAULT 0,
    "totalTokens" INTEGER NOT NULL DEFAULT 0,
    "costNanoUsd" BIGINT NOT NULL DEFAULT 0,
    "startedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" DATETIME,
    CONSTRAINT "Run_conversationId_fkey" FOREIGN KEY ("conversationId") REFERENCES "Conversation" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Run" ("agentId", "conversationId", "error", "finishedAt", "id", "inputTokens", "kind", "model", "outputTokens", "parentRunId", "requests", "startedAt", "status", "stopReason", "toolCalls", "totalTokens") SELECT "agentId", "conversationId", "error", "finishedAt", "id", "inputTokens", "kind", "model", "outputTokens", "parentRunId", "requests", "startedAt", "status", "stopReason", "toolCalls", "totalTokens" FROM "Run";
DROP TABLE "Run";
ALTER TABLE "new_Run" RENAME TO "Run";
CREATE INDEX "Run_conversationId_startedAt_idx" ON "Run"("conversationId", "startedAt");
CREATE INDEX "Run_agentId_startedAt_idx" ON "Run"("agentId", "startedAt");
CREATE INDEX "Run_parentRunId_idx" ON "Run"("parentRunId");
CREATE INDEX "Run_rootRunId_idx" ON "Run"("rootRunId");
CREATE INDEX "Run_status_idx" ON "Run"("status");
CREATE TABLE "new_UsageRecord" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "conversationId" TEXT NOT NULL,
    "eventSeq" INTEGER NOT NULL,
    "runId" TEXT NOT NULL,
    "rootRunId" TEXT NOT NULL,
    "agentId" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "requestedModel" TEXT,
    "inputTokens" INTEGER NOT NULL,
    "outputTokens" INTEGER NOT NULL,
    "cacheReadTokens" INTEGER NOT NULL DEFAULT 0,
    "cacheWriteTokens" INTEGER NOT NULL DEFAULT 0,
    "totalTokens" INTEGER NOT NULL,
    "costNanoUsd" BIGINT NOT NULL DEFAULT 0,
    "priced" BOOLEAN NOT NULL,
    "priceVersion" TEXT,
    "day" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
INSERT INTO "new_UsageRecord" ("agentId", "cacheReadTokens", "cacheWriteTokens", "conversationId", "createdAt", "day", "eventSeq", "id", "inputTokens", "model", "outputTokens", "priceVersion", "priced", "provider", "rootRunId", "runId", "totalTokens") SELECT "agentId", "cacheReadTokens", "cacheWriteTokens", "conversationId", "createdAt", "day", "eventSeq", "id", "inputTokens", "model", "outputTokens", "priceVersion", "priced", "provider", "rootRunId", "runId", "totalTokens" FROM "UsageRecord";
DROP TABLE "UsageRecord";
ALTER TABLE "new_UsageRecord" RENAME TO "UsageRecord";
CREATE INDEX "UsageRecord_day_idx" ON "UsageRecord"("day");
CREATE INDEX "UsageRecord_agentId_day_idx" ON "UsageRecord"("agentId", "day");
CREATE INDEX "UsageRecord_provider_model_idx" ON "UsageRecord"("provider", "model");
CREATE INDEX "UsageRecord_runId_idx" ON "UsageRecord"("runId");
CREATE INDEX "UsageRecord_rootRunId_idx" ON "UsageRecord"("rootRunId");
CREATE UNIQUE INDEX "UsageRecord_conversationId_eventSeq_key" ON "UsageRecord"("conversationId", "eventSeq");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
