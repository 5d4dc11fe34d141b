/**
 * `npm start`: check the settings (scripts/lib/startup-settings.ts), generate the Prisma clients if
 * needed, migrate and seed the database (DATABASE_URL, default ./data/atelier.db), build the app if
 * the sources changed since the last build, and serve it on PORT (default 3000). On a studio with
 * no user yet it prints the one-time setup link (also written to data/setup-token).
 */
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { buildIsCurrent, markBuilt } from "./lib/build-state";
import { ensurePrismaClients } from "./lib/ensure-generated";
import { prepareDatabaseOrExit } from "./lib/prepare-database";
import { printSetupLink } from "./lib/print-setup-link";
import { checkStartupSettingsOrExit } from "./lib/startup-settings";

const root = process.cwd();
const nextBin = path.join(root, "node_modules/next/dist/bin/next");

checkStartupSettingsOrExit();
ensurePrismaClients(root);
const target = await prepareDatabaseOrExit();

if (process.env.ATELIER_SKIP_BUILD !== "1" && !buildIsCurrent(root)) {
  console.log("atelier: building the studio (next build)…");
  const build = spawnSync(process.execPath, [nextBin, "build"], {
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (build.status !== 0) {
    console.error("atelier: the build failed (see above)");
    process.exit(build.status ?? 1);
  }
  markBuilt(root);
}

const port = process.env.PORT ?? "3000";
const hostname = process.env.HOSTNAME_BIND ?? process.env.ATELIER_HOST ?? "0.0.0.0";
console.log(`atelier: serving on http://localhost:${port}`);
await printSetupLink(target, port);
const server = spawn(process.execPath, [nextBin, "start", "-p", port, "-H", hostname], {
  stdio: "inherit",
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
});
for (const sig of ["SIGINT", "SIGTERM"] as const) process.on(sig, () => server.kill(sig));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
