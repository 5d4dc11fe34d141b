-- DropIndex
DROP INDEX "AgentTool_agentId_position_key";

-- AlterTable
ALTER TABLE "Agent" ADD COLUMN     "latestVersion" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "AgentTool" ADD COLUMN     "agentVersion" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "Conversation" ADD COLUMN     "agentVersion" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "Run" ADD COLUMN     "agentVersion" INTEGER;

-- CreateTable
CREATE TABLE "AgentVersion" (
    "id" TEXT NOT NULL,
    "agentId" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "config" JSONB NOT NULL,
    "createdById" TEXT,
    "createdByName" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AgentVersion_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AgentLabel" (
    "agentId" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "updatedByName" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AgentLabel_pkey" PRIMARY KEY ("agentId","label")
);

-- CreateIndex
CREATE UNIQUE INDEX "AgentVersion_agentId_version_key" ON "AgentVersion"("agentId", "version");

-- CreateIndex
CREATE UNIQUE INDEX "AgentTool_agentId_agentVersion_position_key" ON "AgentTool"("agentId", "agentVersion", "position");

-- AddForeignKey
ALTER TABLE "AgentVersion" ADD CONSTRAINT "AgentVersion_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "Agent"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AgentLabel" ADD CONSTRAINT "AgentLabel_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "Agent"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Data: each agent's configuration becomes its version 1 (its tool rows are that version's, and its
-- conversations are pinned to it by the column default), and the agent keeps its agent-wide state:
-- the lifetime limits, the active model and the switch history.
INSERT INTO "AgentVersion" ("id", "agentId", "version", "config", "createdAt")
SELECT 'v1-' || a."id", a."id", 1,
  (CASE WHEN jsonb_array_length(COALESCE(a."config" -> 'roster', '[]'::jsonb)) > 0
    THEN a."config" - 'agentLimits' - 'modelSwitches' - 'model'
    ELSE a."config" - 'agentLimits' - 'modelSwitches'
  END) || jsonb_build_object('tools', COALESCE((
    SELECT jsonb_agg(CASE t."kind"
      WHEN 'builtin' THEN jsonb_build_object('builtin', 'memory')
      WHEN 'agent' THEN jsonb_build_object('agentId', t."childAgentId", 'sideEffecting', COALESCE(t."sideEffecting", false))
      WHEN 'mcp' THEN jsonb_strip_nulls(jsonb_build_object('mcpServerId', t."mcpServerId", 'tool', t."mcpTool", 'as', t."mcpAs"))
      ELSE jsonb_strip_nulls(jsonb_build_object('toolId', t."toolId", 'toolVersionId', t."toolVersionId"))
    END ORDER BY t."position")
    FROM "AgentTool" t WHERE t."agentId" = a."id"
  ), '[]'::jsonb)),
  a."updatedAt"
FROM "Agent" a;

UPDATE "Agent" SET "config" = jsonb_build_object(
  'agentLimits', "config" -> 'agentLimits',
  'model', "config" -> 'model',
  'modelSwitches', COALESCE("config" -> 'modelSwitches', '[]'::jsonb)
);
