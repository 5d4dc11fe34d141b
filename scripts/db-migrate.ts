/** `npm run db:migrate`: applies pending migrations to DATABASE_URL and seeds, then exits. */
import { ensurePrismaClients } from "./lib/ensure-generated";
import { prepareDatabaseOrExit } from "./lib/prepare-database";

ensurePrismaClients();
await prepareDatabaseOrExit();
