-- CreateTable
CREATE TABLE "CanvasPosition" (
    "workspaceId" TEXT NOT NULL,
    "nodeId" TEXT NOT NULL,
    "x" REAL NOT NULL,
    "y" REAL NOT NULL,
    "updatedAt" DATETIME NOT NULL,

    PRIMARY KEY ("workspaceId", "nodeId"),
    CONSTRAINT "CanvasPosition_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
