-- AlterTable
ALTER TABLE "Conversation" ADD COLUMN "context" JSONB;

-- CreateTable
CREATE TABLE "Connection" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "workspaceId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "createdById" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Connection_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ConnectionField" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "connectionId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "secret" BOOLEAN NOT NULL,
    "value" TEXT,
    "ciphertext" TEXT,
    "iv" TEXT,
    "authTag" TEXT,
    "keyId" TEXT,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "ConnectionField_connectionId_fkey" FOREIGN KEY ("connectionId") REFERENCES "Connection" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "Connection_workspaceId_name_key" ON "Connection"("workspaceId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "ConnectionField_connectionId_name_key" ON "ConnectionField"("connectionId", "name");
