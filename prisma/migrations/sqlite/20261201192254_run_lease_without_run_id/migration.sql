-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_RunLease" (
    "conversationId" TEXT NOT NULL PRIMARY KEY,
    "token" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "owner" TEXT,
    "leaseUntil" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
INSERT INTO "new_RunLease" ("conversationId", "createdAt", "kind", "leaseUntil", "owner", "payload", "token") SELECT "conversationId", "createdAt", "kind", "leaseUntil", "owner", "payload", "token" FROM "RunLease";
DROP TABLE "RunLease";
ALTER TABLE "new_RunLease" RENAME TO "RunLease";
CREATE UNIQUE INDEX "RunLease_token_key" ON "RunLease"("token");
CREATE INDEX "RunLease_leaseUntil_idx" ON "RunLease"("leaseUntil");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
