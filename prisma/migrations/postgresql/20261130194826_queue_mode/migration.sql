-- CreateTable
CREATE TABLE "RunLease" (
    "conversationId" TEXT NOT NULL,
    "token" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "runId" TEXT,
    "owner" TEXT,
    "leaseUntil" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RunLease_pkey" PRIMARY KEY ("conversationId")
);

-- CreateTable
CREATE TABLE "QueueWorker" (
    "id" TEXT NOT NULL,
    "host" TEXT NOT NULL,
    "pid" INTEGER NOT NULL,
    "concurrency" INTEGER NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "seenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "QueueWorker_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "RunLease_token_key" ON "RunLease"("token");

-- CreateIndex
CREATE INDEX "RunLease_leaseUntil_idx" ON "RunLease"("leaseUntil");

-- CreateIndex
CREATE INDEX "QueueWorker_seenAt_idx" ON "QueueWorker"("seenAt");
