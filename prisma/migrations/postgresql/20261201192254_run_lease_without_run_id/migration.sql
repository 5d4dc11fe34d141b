-- AlterTable
ALTER TABLE "RunLease" DROP COLUMN "runId";
