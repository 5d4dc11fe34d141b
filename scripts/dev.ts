/**
 * `npm run dev`: migrate and seed, print the setup link on a studio with no user, then the Next.js
 * dev server on PORT (default 3000).
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { ensurePrismaClients } from "./lib/ensure-generated";
import { prepareDatabaseOrExit } from "./lib/prepare-database";
import { printSetupLink } from "./lib/print-setup-link";
import { checkStartupSettingsOrExit } from "./lib/startup-settings";

checkStartupSettingsOrExit();
ensurePrismaClients();
const target = await prepareDatabaseOrExit();
const port = process.env.PORT ?? "3000";
await printSetupLink(target, port);
const child = spawn(process.execPath, [path.resolve("node_modules/next/dist/bin/next"), "dev", "-p", port], {
  stdio: "inherit",
});
child.on("exit", (code) => process.exit(code ?? 0));
