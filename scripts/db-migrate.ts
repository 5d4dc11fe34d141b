/** `npm run db:migrate`: applies pending migrations to DATABASE_URL and seeds, then exits. */
import { ensurePrismaClients } from "./lib/ensure-generated";
import { prepareDatabase, StartupError } from "./lib/prepare-database";

try {
  ensurePrismaClients();
  await prepareDatabase();
} catch (e) {
  if (e instanceof StartupError) {
    console.error(`atelier: ${e.message}`);
    process.exit(1);
  }
  throw e;
}
