-- The rollup triggers of 20261130180352_usage_rollup group by the old key and name the rollup
-- table, which SQLite checks when the tables are redefined: dropped first, created again below.
DROP TRIGGER IF EXISTS "UsageRecord_rollup_insert";
DROP TRIGGER IF EXISTS "UsageRecord_rollup_delete";
DROP TRIGGER IF EXISTS "UsageRecord_rollup_update";

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_UsageDailyRollup" (
    "day" TEXT NOT NULL,
    "agentId" TEXT NOT NULL,
    "agentVersion" INTEGER NOT NULL,
    "provider" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "priced" BOOLEAN NOT NULL,
    "events" BIGINT NOT NULL,
    "inputTokens" BIGINT NOT NULL,
    "outputTokens" BIGINT NOT NULL,
    "cacheReadTokens" BIGINT NOT NULL,
    "cacheWriteTokens" BIGINT NOT NULL,
    "totalTokens" BIGINT NOT NULL,
    "costNanoUsd" BIGINT NOT NULL,

    PRIMARY KEY ("day", "agentId", "agentVersion", "provider", "model", "priced")
);
-- The rollup is not copied: it is rebuilt from the records below, per version.
DROP TABLE "UsageDailyRollup";
ALTER TABLE "new_UsageDailyRollup" RENAME TO "UsageDailyRollup";
CREATE INDEX "UsageDailyRollup_agentId_day_idx" ON "UsageDailyRollup"("agentId", "day");
CREATE TABLE "new_UsageRecord" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "conversationId" TEXT NOT NULL,
    "eventSeq" INTEGER NOT NULL,
    "runId" TEXT NOT NULL,
    "rootRunId" TEXT NOT NULL,
    "agentId" TEXT NOT NULL,
    "agentVersion" INTEGER NOT NULL DEFAULT 1,
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
INSERT INTO "new_UsageRecord" ("agentId", "cacheReadTokens", "cacheWriteTokens", "conversationId", "costNanoUsd", "createdAt", "day", "eventSeq", "id", "inputTokens", "model", "outputTokens", "priceVersion", "priced", "provider", "requestedModel", "rootRunId", "runId", "totalTokens") SELECT "agentId", "cacheReadTokens", "cacheWriteTokens", "conversationId", "costNanoUsd", "createdAt", "day", "eventSeq", "id", "inputTokens", "model", "outputTokens", "priceVersion", "priced", "provider", "requestedModel", "rootRunId", "runId", "totalTokens" FROM "UsageRecord";
DROP TABLE "UsageRecord";
ALTER TABLE "new_UsageRecord" RENAME TO "UsageRecord";
CREATE INDEX "UsageRecord_day_idx" ON "UsageRecord"("day");
CREATE INDEX "UsageRecord_agentId_day_idx" ON "UsageRecord"("agentId", "day");
CREATE INDEX "UsageRecord_provider_model_idx" ON "UsageRecord"("provider", "model");
CREATE INDEX "UsageRecord_runId_idx" ON "UsageRecord"("runId");
CREATE INDEX "UsageRecord_rootRunId_idx" ON "UsageRecord"("rootRunId");
CREATE INDEX "UsageRecord_createdAt_idx" ON "UsageRecord"("createdAt");
CREATE INDEX "UsageRecord_agentId_createdAt_idx" ON "UsageRecord"("agentId", "createdAt");
CREATE INDEX "UsageRecord_provider_model_createdAt_idx" ON "UsageRecord"("provider", "model", "createdAt");
CREATE INDEX "UsageRecord_agentId_agentVersion_runId_createdAt_idx" ON "UsageRecord"("agentId", "agentVersion", "runId", "createdAt");
CREATE UNIQUE INDEX "UsageRecord_conversationId_eventSeq_key" ON "UsageRecord"("conversationId", "eventSeq");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- Usage recorded before this migration: the version of the run it belongs to when that run recorded
-- one, else version 1 (runs before agent versions, usage outside runs).
UPDATE "UsageRecord" SET "agentVersion" = r."agentVersion"
FROM "Run" AS r
WHERE r."id" = "UsageRecord"."runId" AND r."agentVersion" IS NOT NULL;

-- The rollup holds the sums over UsageRecord per (day, agentId, agentVersion, provider, model,
-- priced). These triggers keep it so in the same transaction as every insert, update and delete of
-- a record, and a group whose last record goes is deleted. They are those of
-- 20261130180352_usage_rollup with the version in the key, and the update trigger also fires when
-- a record's version changes. A migration that rebuilds "UsageRecord" (SQLite's table
-- redefinition) drops them and must create them again.
CREATE TRIGGER "UsageRecord_rollup_insert" AFTER INSERT ON "UsageRecord"
BEGIN
    INSERT INTO "UsageDailyRollup" ("day", "agentId", "agentVersion", "provider", "model", "priced", "events", "inputTokens", "outputTokens", "cacheReadTokens", "cacheWriteTokens", "totalTokens", "costNanoUsd")
    VALUES (NEW."day", NEW."agentId", NEW."agentVersion", NEW."provider", NEW."model", NEW."priced", 1, NEW."inputTokens", NEW."outputTokens", NEW."cacheReadTokens", NEW."cacheWriteTokens", NEW."totalTokens", NEW."costNanoUsd")
    ON CONFLICT ("day", "agentId", "agentVersion", "provider", "model", "priced") DO UPDATE SET
        "events" = "events" + 1,
        "inputTokens" = "inputTokens" + excluded."inputTokens",
        "outputTokens" = "outputTokens" + excluded."outputTokens",
        "cacheReadTokens" = "cacheReadTokens" + excluded."cacheReadTokens",
        "cacheWriteTokens" = "cacheWriteTokens" + excluded."cacheWriteTokens",
        "totalTokens" = "totalTokens" + excluded."totalTokens",
        "costNanoUsd" = "costNanoUsd" + excluded."costNanoUsd";
END;

CREATE TRIGGER "UsageRecord_rollup_delete" AFTER DELETE ON "UsageRecord"
BEGIN
    UPDATE "UsageDailyRollup" SET
        "events" = "events" - 1,
        "inputTokens" = "inputTokens" - OLD."inputTokens",
        "outputTokens" = "outputTokens" - OLD."outputTokens",
        "cacheReadTokens" = "cacheReadTokens" - OLD."cacheReadTokens",
        "cacheWriteTokens" = "cacheWriteTokens" - OLD."cacheWriteTokens",
        "totalTokens" = "totalTokens" - OLD."totalTokens",
        "costNanoUsd" = "costNanoUsd" - OLD."costNanoUsd"
    WHERE "day" = OLD."day" AND "agentId" = OLD."agentId" AND "agentVersion" = OLD."agentVersion" AND "provider" = OLD."provider" AND "model" = OLD."model" AND "priced" = OLD."priced";
    DELETE FROM "UsageDailyRollup"
    WHERE "day" = OLD."day" AND "agentId" = OLD."agentId" AND "agentVersion" = OLD."agentVersion" AND "provider" = OLD."provider" AND "model" = OLD."model" AND "priced" = OLD."priced" AND "events" = 0;
END;

CREATE TRIGGER "UsageRecord_rollup_update" AFTER UPDATE OF "day", "agentId", "agentVersion", "provider", "model", "priced", "inputTokens", "outputTokens", "cacheReadTokens", "cacheWriteTokens", "totalTokens", "costNanoUsd" ON "UsageRecord"
BEGIN
    UPDATE "UsageDailyRollup" SET
        "events" = "events" - 1,
        "inputTokens" = "inputTokens" - OLD."inputTokens",
        "outputTokens" = "outputTokens" - OLD."outputTokens",
        "cacheReadTokens" = "cacheReadTokens" - OLD."cacheReadTokens",
        "cacheWriteTokens" = "cacheWriteTokens" - OLD."cacheWriteTokens",
        "totalTokens" = "totalTokens" - OLD."totalTokens",
        "costNanoUsd" = "costNanoUsd" - OLD."costNanoUsd"
    WHERE "day" = OLD."day" AND "agentId" = OLD."agentId" AND "agentVersion" = OLD."agentVersion" AND "provider" = OLD."provider" AND "model" = OLD."model" AND "priced" = OLD."priced";
    DELETE FROM "UsageDailyRollup"
    WHERE "day" = OLD."day" AND "agentId" = OLD."agentId" AND "agentVersion" = OLD."agentVersion" AND "provider" = OLD."provider" AND "model" = OLD."model" AND "priced" = OLD."priced" AND "events" = 0;
    INSERT INTO "UsageDailyRollup" ("day", "agentId", "agentVersion", "provider", "model", "priced", "events", "inputTokens", "outputTokens", "cacheReadTokens", "cacheWriteTokens", "totalTokens", "costNanoUsd")
    VALUES (NEW."day", NEW."agentId", NEW."agentVersion", NEW."provider", NEW."model", NEW."priced", 1, NEW."inputTokens", NEW."outputTokens", NEW."cacheReadTokens", NEW."cacheWriteTokens", NEW."totalTokens", NEW."costNanoUsd")
    ON CONFLICT ("day", "agentId", "agentVersion", "provider", "model", "priced") DO UPDATE SET
        "events" = "events" + 1,
        "inputTokens" = "inputTokens" + excluded."inputTokens",
        "outputTokens" = "outputTokens" + excluded."outputTokens",
        "cacheReadTokens" = "cacheReadTokens" + excluded."cacheReadTokens",
        "cacheWriteTokens" = "cacheWriteTokens" + excluded."cacheWriteTokens",
        "totalTokens" = "totalTokens" + excluded."totalTokens",
        "costNanoUsd" = "costNanoUsd" + excluded."costNanoUsd";
END;

-- The rollup rebuilt from the records, per version.
DELETE FROM "UsageDailyRollup";
INSERT INTO "UsageDailyRollup" ("day", "agentId", "agentVersion", "provider", "model", "priced", "events", "inputTokens", "outputTokens", "cacheReadTokens", "cacheWriteTokens", "totalTokens", "costNanoUsd")
SELECT "day", "agentId", "agentVersion", "provider", "model", "priced", COUNT(*), SUM("inputTokens"), SUM("outputTokens"), SUM("cacheReadTokens"), SUM("cacheWriteTokens"), SUM("totalTokens"), SUM("costNanoUsd")
FROM "UsageRecord"
GROUP BY "day", "agentId", "agentVersion", "provider", "model", "priced";
