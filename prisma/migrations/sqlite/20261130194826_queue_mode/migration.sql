-- CreateTable
CREATE TABLE "RunLease" (
    "conversationId" TEXT NOT NULL PRIMARY KEY,
    "token" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "runId" TEXT,
    "owner" TEXT,
    "leaseUntil" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "QueueWorker" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "host" TEXT NOT NULL,
    "pid" INTEGER NOT NULL,
    "concurrency" INTEGER NOT NULL,
    "startedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "seenAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE UNIQUE INDEX "RunLease_token_key" ON "RunLease"("token");

-- CreateIndex
CREATE INDEX "RunLease_leaseUntil_idx" ON "RunLease"("leaseUntil");

-- CreateIndex
CREATE INDEX "QueueWorker_seenAt_idx" ON "QueueWorker"("seenAt");
