-- AlterTable
ALTER TABLE "UsageRecord" ADD COLUMN     "agentVersion" INTEGER NOT NULL DEFAULT 1;

-- The rollup is emptied before its new key column is added: it is rebuilt from the records below.
DELETE FROM "UsageDailyRollup";

-- AlterTable
ALTER TABLE "UsageDailyRollup" DROP CONSTRAINT "UsageDailyRollup_pkey",
ADD COLUMN     "agentVersion" INTEGER NOT NULL,
ADD CONSTRAINT "UsageDailyRollup_pkey" PRIMARY KEY ("day", "agentId", "agentVersion", "provider", "model", "priced");

-- CreateIndex
CREATE INDEX "UsageRecord_agentId_agentVersion_runId_createdAt_idx" ON "UsageRecord"("agentId", "agentVersion", "runId", "createdAt");

-- The triggers of 20261130180352_usage_rollup group by the old key: dropped before the records are
-- backfilled (their versions change), created again below with the version in the key.
DROP TRIGGER "UsageRecord_rollup_insert" ON "UsageRecord";
DROP TRIGGER "UsageRecord_rollup_delete" ON "UsageRecord";
DROP TRIGGER "UsageRecord_rollup_update_remove" ON "UsageRecord";
DROP TRIGGER "UsageRecord_rollup_update_add" ON "UsageRecord";
DROP FUNCTION "UsageRecord_rollup_add"();
DROP FUNCTION "UsageRecord_rollup_remove"();

-- Usage recorded before this migration: the version of the run it belongs to when that run recorded
-- one, else version 1 (runs before agent versions, usage outside runs).
UPDATE "UsageRecord" AS u SET "agentVersion" = r."agentVersion"
FROM "Run" AS r
WHERE r."id" = u."runId" AND r."agentVersion" IS NOT NULL;

-- The rollup holds the sums over UsageRecord per (day, agentId, agentVersion, provider, model,
-- priced). These statement-level triggers keep it so in the same transaction as every insert,
-- update and delete of records (one grouped upsert per statement), and delete a group whose last
-- record goes. An update of any column (a record's version included) moves the old values out of
-- their group and the new ones in.
-- The function bodies are U&'' strings with \003B for the semicolon: Prisma's pg driver adapter
-- applies a migration by splitting its text at every semicolon.
CREATE FUNCTION "UsageRecord_rollup_add"() RETURNS trigger LANGUAGE plpgsql AS U&'BEGIN
    INSERT INTO "UsageDailyRollup" AS r ("day", "agentId", "agentVersion", "provider", "model", "priced", "events", "inputTokens", "outputTokens", "cacheReadTokens", "cacheWriteTokens", "totalTokens", "costNanoUsd")
    SELECT "day", "agentId", "agentVersion", "provider", "model", "priced", COUNT(*), SUM("inputTokens")::bigint, SUM("outputTokens")::bigint, SUM("cacheReadTokens")::bigint, SUM("cacheWriteTokens")::bigint, SUM("totalTokens")::bigint, SUM("costNanoUsd")::bigint
    FROM new_rows
    GROUP BY "day", "agentId", "agentVersion", "provider", "model", "priced"
    ORDER BY "day", "agentId", "agentVersion", "provider", "model", "priced"
    ON CONFLICT ("day", "agentId", "agentVersion", "provider", "model", "priced") DO UPDATE SET
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
        SELECT "day", "agentId", "agentVersion", "provider", "model", "priced", COUNT(*) AS "events", SUM("inputTokens")::bigint AS "inputTokens", SUM("outputTokens")::bigint AS "outputTokens", SUM("cacheReadTokens")::bigint AS "cacheReadTokens", SUM("cacheWriteTokens")::bigint AS "cacheWriteTokens", SUM("totalTokens")::bigint AS "totalTokens", SUM("costNanoUsd")::bigint AS "costNanoUsd"
        FROM old_rows
        GROUP BY "day", "agentId", "agentVersion", "provider", "model", "priced"
    ) AS o
    WHERE r."day" = o."day" AND r."agentId" = o."agentId" AND r."agentVersion" = o."agentVersion" AND r."provider" = o."provider" AND r."model" = o."model" AND r."priced" = o."priced"\003B
    DELETE FROM "UsageDailyRollup" AS r
    USING (SELECT DISTINCT "day", "agentId", "agentVersion", "provider", "model", "priced" FROM old_rows) AS o
    WHERE r."day" = o."day" AND r."agentId" = o."agentId" AND r."agentVersion" = o."agentVersion" AND r."provider" = o."provider" AND r."model" = o."model" AND r."priced" = o."priced" AND r."events" = 0\003B
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

-- The rollup rebuilt from the records, per version.
INSERT INTO "UsageDailyRollup" ("day", "agentId", "agentVersion", "provider", "model", "priced", "events", "inputTokens", "outputTokens", "cacheReadTokens", "cacheWriteTokens", "totalTokens", "costNanoUsd")
SELECT "day", "agentId", "agentVersion", "provider", "model", "priced", COUNT(*), SUM("inputTokens")::bigint, SUM("outputTokens")::bigint, SUM("cacheReadTokens")::bigint, SUM("cacheWriteTokens")::bigint, SUM("totalTokens")::bigint, SUM("costNanoUsd")::bigint
FROM "UsageRecord"
GROUP BY "day", "agentId", "agentVersion", "provider", "model", "priced";
