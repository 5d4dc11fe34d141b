/**
 * `npm run usage:reprice`: re-prices every usage record in DATABASE_URL (a migrated database) with
 * the installed price data, re-totals the runs whose records changed, prints what changed and
 * exits. The event log is not rewritten.
 */
import { ensurePrismaClients } from "./lib/ensure-generated";

ensurePrismaClients();
// Imported after the clients are known to exist.
const { createDb } = await import("../lib/db/client");
const { describeReprice, repriceUsage } = await import("../lib/events/reprice-usage");

const db = createDb();
try {
  console.log(describeReprice(await repriceUsage(db)));
} finally {
  await db.$disconnect();
}
