-- CreateTable
CREATE TABLE "UsageDailyRollup" (
    "day" TEXT NOT NULL,
    "agentId" TEXT NOT NULL,
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

    PRIMARY KEY ("day", "agentId", "provider", "model", "priced")
);

-- CreateIndex
CREATE INDEX "UsageDailyRollup_agentId_day_idx" ON "UsageDailyRollup"("agentId", "day");

-- CreateIndex
CREATE INDEX "UsageRecord_createdAt_idx" ON "UsageRecord"("createdAt");

-- CreateIndex
CREATE INDEX "UsageRecord_agentId_createdAt_idx" ON "UsageRecord"("agentId", "createdAt");

-- CreateIndex
CREATE INDEX "UsageRecord_provider_model_createdAt_idx" ON "UsageRecord"("provider", "model", "createdAt");

-- The rollup holds the sums over UsageRecord per (day, agentId, provider, model, priced). These
-- triggers keep it so in the same transaction as every insert, update and delete of a record; a
-- group whose last record goes is deleted. A migration that rebuilds "UsageRecord" (SQLite's
-- table redefinition) drops them and must create them again.
CREATE TRIGGER "UsageRecord_rollup_insert" AFTER INSERT ON "UsageRecord"
BEGIN
    INSERT INTO "UsageDailyRollup" ("day", "agentId", "provider", "model", "priced", "events", "inputTokens", "outputTokens", "cacheReadTokens", "cacheWriteTokens", "totalTokens", "costNanoUsd")
    VALUES (NEW."day", NEW."agentId", NEW."provider", NEW."model", NEW."priced", 1, NEW."inputTokens", NEW."outputTokens", NEW."cacheReadTokens", NEW."cacheWriteTokens", NEW."totalTokens", NEW."costNanoUsd")
    ON CONFLICT ("day", "agentId", "provider", "model", "priced") DO UPDATE SET
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
    WHERE "day" = OLD."day" AND "agentId" = OLD."agentId" AND "provider" = OLD."provider" AND "model" = OLD."model" AND "priced" = OLD."priced";
    DELETE FROM "UsageDailyRollup"
    WHERE "day" = OLD."day" AND "agentId" = OLD."agentId" AND "provider" = OLD."provider" AND "model" = OLD."model" AND "priced" = OLD."priced" AND "events" = 0;
END;

CREATE TRIGGER "UsageRecord_rollup_update" AFTER UPDATE OF "day", "agentId", "provider", "model", "priced", "inputTokens", "outputTokens", "cacheReadTokens", "cacheWriteTokens", "totalTokens", "costNanoUsd" ON "UsageRecord"
BEGIN
    UPDATE "UsageDailyRollup" SET
        "events" = "events" - 1,
        "inputTokens" = "inputTokens" - OLD."inputTokens",
        "outputTokens" = "outputTokens" - OLD."outputTokens",
        "cacheReadTokens" = "cacheReadTokens" - OLD."cacheReadTokens",
        "cacheWriteTokens" = "cacheWriteTokens" - OLD."cacheWriteTokens",
        "totalTokens" = "totalTokens" - OLD."totalTokens",
        "costNanoUsd" = "costNanoUsd" - OLD."costNanoUsd"
    WHERE "day" = OLD."day" AND "agentId" = OLD."agentId" AND "provider" = OLD."provider" AND "model" = OLD."model" AND "priced" = OLD."priced";
    DELETE FROM "UsageDailyRollup"
    WHERE "day" = OLD."day" AND "agentId" = OLD."agentId" AND "provider" = OLD."provider" AND "model" = OLD."model" AND "priced" = OLD."priced" AND "events" = 0;
    INSERT INTO "UsageDailyRollup" ("day", "agentId", "provider", "model", "priced", "events", "inputTokens", "outputTokens", "cacheReadTokens", "cacheWriteTokens", "totalTokens", "costNanoUsd")
    VALUES (NEW."day", NEW."agentId", NEW."provider", NEW."model", NEW."priced", 1, NEW."inputTokens", NEW."outputTokens", NEW."cacheReadTokens", NEW."cacheWriteTokens", NEW."totalTokens", NEW."costNanoUsd")
    ON CONFLICT ("day", "agentId", "provider", "model", "priced") DO UPDATE SET
        "events" = "events" + 1,
        "inputTokens" = "inputTokens" + excluded."inputTokens",
        "outputTokens" = "outputTokens" + excluded."outputTokens",
        "cacheReadTokens" = "cacheReadTokens" + excluded."cacheReadTokens",
        "cacheWriteTokens" = "cacheWriteTokens" + excluded."cacheWriteTokens",
        "totalTokens" = "totalTokens" + excluded."totalTokens",
        "costNanoUsd" = "costNanoUsd" + excluded."costNanoUsd";
END;

-- Usage recorded before this migration.
INSERT INTO "UsageDailyRollup" ("day", "agentId", "provider", "model", "priced", "events", "inputTokens", "outputTokens", "cacheReadTokens", "cacheWriteTokens", "totalTokens", "costNanoUsd")
SELECT "day", "agentId", "provider", "model", "priced", COUNT(*), SUM("inputTokens"), SUM("outputTokens"), SUM("cacheReadTokens"), SUM("cacheWriteTokens"), SUM("totalTokens"), SUM("costNanoUsd")
FROM "UsageRecord"
GROUP BY "day", "agentId", "provider", "model", "priced";
