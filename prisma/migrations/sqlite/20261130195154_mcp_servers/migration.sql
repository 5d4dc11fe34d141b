-- CreateTable
CREATE TABLE "McpServer" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "workspaceId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "transport" TEXT NOT NULL,
    "source" TEXT NOT NULL DEFAULT 'settings',
    "url" TEXT,
    "headerNames" JSONB NOT NULL,
    "headersCiphertext" TEXT,
    "headersIv" TEXT,
    "headersAuthTag" TEXT,
    "headersKeyId" TEXT,
    "status" TEXT NOT NULL DEFAULT 'never',
    "lastError" TEXT,
    "refreshedAt" DATETIME,
    "createdById" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "McpServer_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "McpTool" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "serverId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "title" TEXT,
    "description" TEXT NOT NULL,
    "inputSchema" JSONB NOT NULL,
    "annotations" JSONB NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "McpTool_serverId_fkey" FOREIGN KEY ("serverId") REFERENCES "McpServer" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_AgentTool" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "agentId" TEXT NOT NULL,
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
INSERT INTO "new_AgentTool" ("agentId", "builtin", "childAgentId", "id", "kind", "position", "sideEffecting", "toolId", "toolVersionId") SELECT "agentId", "builtin", "childAgentId", "id", "kind", "position", "sideEffecting", "toolId", "toolVersionId" FROM "AgentTool";
DROP TABLE "AgentTool";
ALTER TABLE "new_AgentTool" RENAME TO "AgentTool";
CREATE INDEX "AgentTool_toolId_idx" ON "AgentTool"("toolId");
CREATE INDEX "AgentTool_childAgentId_idx" ON "AgentTool"("childAgentId");
CREATE INDEX "AgentTool_mcpServerId_idx" ON "AgentTool"("mcpServerId");
CREATE UNIQUE INDEX "AgentTool_agentId_position_key" ON "AgentTool"("agentId", "position");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "McpServer_workspaceId_name_key" ON "McpServer"("workspaceId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "McpTool_serverId_name_key" ON "McpTool"("serverId", "name");
