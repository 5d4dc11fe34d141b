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

    CONSTRAINT "UsageDailyRollup_pkey" PRIMARY KEY ("day","agentId","provider","model","priced")
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
-- statement-level triggers keep it so in the same transaction as every insert, update and delete
-- of records (one grouped upsert per statement), and delete a group whose last record goes.
-- The function bodies are U&'' strings with \003B for the semicolon: Prisma's pg driver adapter
-- applies a migration by splitting its text at every semicolon.
CREATE FUNCTION "UsageRecord_rollup_add"() RETURNS trigger LANGUAGE plpgsql AS U&'BEGIN
    INSERT INTO "UsageDailyRollup" AS r ("day", "agentId", "provider", "model", "priced", "events", "inputTokens", "outputTokens", "cacheReadTokens", "cacheWriteTokens", "totalTokens", "costNanoUsd")
    SELECT "day", "agentId", "provider", "model", "priced", COUNT(*), SUM("inputTokens")::bigint, SUM("outputTokens")::bigint, SUM("cacheReadTokens")::bigint, SUM("cacheWriteTokens")::bigint, SUM("totalTokens")::bigint, SUM("costNanoUsd")::bigint
    FROM new_rows
    GROUP BY "day", "agentId", "provider", "model", "priced"
    ORDER BY "day", "agentId", "provider", "model", "priced"
    ON CONFLICT ("day", "agentId", "provider", "model", "priced") DO UPDATE SET
        "events" = r."events" + EXCLUDED."events",
        "inputTokens" = r."inputTokens" + EXCLUDED."inputTokens",
        "outputTokens" = r."outputTokens" + EXCLUDED."outputTokens",
        "cacheReadTokens" = r."cacheReadTokens" + EXCLUDED."cacheReadTokens",
        "cacheWriteTokens" = r."cacheWriteTokens" + EXCLUDED."cacheWriteTokens",
        "totalTokens" = r."totalTokens" + EXCLUDED."totalTokens",
        "costNanoUsd" = r."costNanoUsd" + EXCLUDED."costNanoUsd"\003B
    RETURN NULL\003B
END';

CREATE FUNCTION "UsageRecord_rollup_remove"() RETURNS trigger LANGUAGE plpgsql AS U&'BEGIN
    UPDATE "UsageDailyRollup" AS r SET
        "events" = r."events" - o."events",
        "inputTokens" = r."inputTokens" - o."inputTokens",
        "outputTokens" = r."outputTokens" - o."outputTokens",
        "cacheReadTokens" = r."cacheReadTokens" - o."cacheReadTokens",
        "cacheWriteTokens" = r."cacheWriteTokens" - o."cacheWriteTokens",
        "totalTokens" = r."totalTokens" - o."totalTokens",
        "costNanoUsd" = r."costNanoUsd" - o."costNanoUsd"
    FROM (
        SELECT "day", "agentId", "provider", "model", "priced", COUNT(*) AS "events", SUM("inputTokens")::bigint AS "inputTokens", SUM("outputTokens")::bigint AS "outputTokens", SUM("cacheReadTokens")::bigint AS "cacheReadTokens", SUM("cacheWriteTokens")::bigint AS "cacheWriteTokens", SUM("totalTokens")::bigint AS "totalTokens", SUM("costNanoUsd")::bigint AS "costNanoUsd"
        FROM old_rows
        GROUP BY "day", "agentId", "provider", "model", "priced"
    ) AS o
    WHERE r."day" = o."day" AND r."agentId" = o."agentId" AND r."provider" = o."provider" AND r."model" = o."model" AND r."priced" = o."priced"\003B
    DELETE FROM "UsageDailyRollup" AS r
    USING (SELECT DISTINCT "day", "agentId", "provider", "model", "priced" FROM old_rows) AS o
    WHERE r."day" = o."day" AND r."agentId" = o."agentId" AND r."provider" = o."provider" AND r."model" = o."model" AND r."priced" = o."priced" AND r."events" = 0\003B
    RETURN NULL\003B
END';

CREATE TRIGGER "UsageRecord_rollup_insert" AFTER INSERT ON "UsageRecord"
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "UsageRecord_rollup_add"();

CREATE TRIGGER "UsageRecord_rollup_delete" AFTER DELETE ON "UsageRecord"
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "UsageRecord_rollup_remove"();

-- An update moves each record's old values out of its group and its new values in.
CREATE TRIGGER "UsageRecord_rollup_update_remove" AFTER UPDATE ON "UsageRecord"
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "UsageRecord_rollup_remove"();

CREATE TRIGGER "UsageRecord_rollup_update_add" AFTER UPDATE ON "UsageRecord"
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "UsageRecord_rollup_add"();

-- Usage recorded before this migration.
INSERT INTO "UsageDailyRollup" ("day", "agentId", "provider", "model", "priced", "events", "inputTokens", "outputTokens", "cacheReadTokens", "cacheWriteTokens", "totalTokens", "costNanoUsd")
SELECT "day", "agentId", "provider", "model", "priced", COUNT(*), SUM("inputTokens")::bigint, SUM("outputTokens")::bigint, SUM("cacheReadTokens")::bigint, SUM("cacheWriteTokens")::bigint, SUM("totalTokens")::bigint, SUM("costNanoUsd")::bigint
FROM "UsageRecord"
GROUP BY "day", "agentId", "provider", "model", "priced";
