/** `npm run build`: generate the Prisma clients and build the production app. */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { markBuilt } from "./lib/build-state";
import { ensurePrismaClients } from "./lib/ensure-generated";

ensurePrismaClients();
const res = spawnSync(process.execPath, [path.resolve("node_modules/next/dist/bin/next"), "build"], {
  stdio: "inherit",
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
});
if (res.status === 0) markBuilt();
process.exit(res.status ?? 1);
