-- CreateTable
CREATE TABLE "CanvasPosition" (
    "workspaceId" TEXT NOT NULL,
    "nodeId" TEXT NOT NULL,
    "x" DOUBLE PRECISION NOT NULL,
    "y" DOUBLE PRECISION NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CanvasPosition_pkey" PRIMARY KEY ("workspaceId","nodeId")
);

-- AddForeignKey
ALTER TABLE "CanvasPosition" ADD CONSTRAINT "CanvasPosition_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;
