-- AlterTable
ALTER TABLE "Run" ADD COLUMN "agentVersion" INTEGER;

-- CreateTable
CREATE TABLE "AgentVersion" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "agentId" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "config" JSONB NOT NULL,
    "createdById" TEXT,
    "createdByName" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "AgentVersion_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "Agent" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "AgentLabel" (
    "agentId" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "updatedByName" TEXT,
    "updatedAt" DATETIME NOT NULL,

    PRIMARY KEY ("agentId", "label"),
    CONSTRAINT "AgentLabel_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "Agent" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Agent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "workspaceId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "config" JSONB NOT NULL,
    "latestVersion" INTEGER NOT NULL DEFAULT 1,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Agent_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Agent" ("config", "createdAt", "id", "name", "updatedAt", "workspaceId") SELECT "config", "createdAt", "id", "name", "updatedAt", "workspaceId" FROM "Agent";
DROP TABLE "Agent";
ALTER TABLE "new_Agent" RENAME TO "Agent";
CREATE UNIQUE INDEX "Agent_workspaceId_name_key" ON "Agent"("workspaceId", "name");
CREATE TABLE "new_AgentTool" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "agentId" TEXT NOT NULL,
    "agentVersion" INTEGER NOT NULL DEFAULT 1,
    "position" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "toolId" TEXT,
    "toolVersionId" TEXT,
    "builtin" TEXT,
    "childAgentId" TEXT,
    "sideEffecting" BOOLEAN,
    "mcpServerId" TEXT,
    "mcpTool" TEXT,
    "mcpAs" TEXT,
    CONSTRAINT "AgentTool_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "Agent" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "AgentTool_toolId_fkey" FOREIGN KEY ("toolId") REFERENCES "Tool" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "AgentTool_toolVersionId_fkey" FOREIGN KEY ("toolVersionId") REFERENCES "ToolVersion" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "AgentTool_childAgentId_fkey" FOREIGN KEY ("childAgentId") REFERENCES "Agent" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "AgentTool_mcpServerId_fkey" FOREIGN KEY ("mcpServerId") REFERENCES "McpServer" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
INSERT INTO "new_AgentTool" ("agentId", "builtin", "childAgentId", "id", "kind", "mcpAs", "mcpServerId", "mcpTool", "position", "sideEffecting", "toolId", "toolVersionId") SELECT "agentId", "builtin", "childAgentId", "id", "kind", "mcpAs", "mcpServerId", "mcpTool", "position", "sideEffecting", "toolId", "toolVersionId" FROM "AgentTool";
DROP TABLE "AgentTool";
ALTER TABLE "new_AgentTool" RENAME TO "AgentTool";
CREATE INDEX "AgentTool_toolId_idx" ON "AgentTool"("toolId");
CREATE INDEX "AgentTool_childAgentId_idx" ON "AgentTool"("childAgentId");
CREATE INDEX "AgentTool_mcpServerId_idx" ON "AgentTool"("mcpServerId");
CREATE UNIQUE INDEX "AgentTool_agentId_agentVersion_position_key" ON "AgentTool"("agentId", "agentVersion", "position");
CREATE TABLE "new_Conversation" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "workspaceId" TEXT NOT NULL,
    "agentId" TEXT NOT NULL,
    "title" TEXT,
    "lastSeq" INTEGER NOT NULL DEFAULT 0,
    "modelKey" TEXT,
    "agentVersion" INTEGER NOT NULL DEFAULT 1,
    "createdById" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Conversation_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Conversation_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "Agent" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Conversation" ("agentId", "createdAt", "createdById", "id", "lastSeq", "modelKey", "title", "updatedAt", "workspaceId") SELECT "agentId", "createdAt", "createdById", "id", "lastSeq", "modelKey", "title", "updatedAt", "workspaceId" FROM "Conversation";
DROP TABLE "Conversation";
ALTER TABLE "new_Conversation" RENAME TO "Conversation";
CREATE INDEX "Conversation_agentId_idx" ON "Conversation"("agentId");
CREATE INDEX "Conversation_updatedAt_idx" ON "Conversation"("updatedAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "AgentVersion_agentId_version_key" ON "AgentVersion"("agentId", "version");

-- Data: each agent's configuration becomes its version 1 (its tool rows are that version's, and its
-- conversations are pinned to it by the column default), and the agent keeps its agent-wide state:
-- the lifetime limits, the active model and the switch history.
INSERT INTO "AgentVersion" ("id", "agentId", "version", "config", "createdAt")
SELECT 'v1-' || a."id", a."id", 1,
  json_set(
    CASE WHEN json_array_length(COALESCE(json_extract(a."config", '$.roster'), '[]')) > 0
      THEN json_remove(a."config", '$.agentLimits', '$.modelSwitches', '$.model')
      ELSE json_remove(a."config", '$.agentLimits', '$.modelSwitches')
    END,
    '$.tools',
    json(COALESCE((
      SELECT json_group_array(json(e."entry")) FROM (
        SELECT CASE t."kind"
          WHEN 'builtin' THEN json_object('builtin', 'memory')
          WHEN 'agent' THEN json_object('agentId', t."childAgentId", 'sideEffecting', json(CASE WHEN t."sideEffecting" THEN 'true' ELSE 'false' END))
          WHEN 'mcp' THEN CASE WHEN t."mcpAs" IS NULL
            THEN json_object('mcpServerId', t."mcpServerId", 'tool', t."mcpTool")
            ELSE json_object('mcpServerId', t."mcpServerId", 'tool', t."mcpTool", 'as', t."mcpAs") END
          ELSE CASE WHEN t."toolVersionId" IS NULL
            THEN json_object('toolId', t."toolId")
            ELSE json_object('toolId', t."toolId", 'toolVersionId', t."toolVersionId") END
        END AS "entry"
        FROM "AgentTool" t WHERE t."agentId" = a."id" ORDER BY t."position"
      ) e
    ), '[]'))
  ),
  a."updatedAt"
FROM "Agent" a;

UPDATE "Agent" SET "config" = json_object(
  'agentLimits', json(json_extract("config", '$.agentLimits')),
  'model', json(json_extract("config", '$.model')),
  'modelSwitches', json(COALESCE(json_extract("config", '$.modelSwitches'), '[]'))
);
