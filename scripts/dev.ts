/** `npm run dev`: migrate and seed, then the Next.js dev server on PORT (default 3000). */
import { spawn } from "node:child_process";
import path from "node:path";
import { ensurePrismaClients } from "./lib/ensure-generated";
import { prepareDatabaseOrExit } from "./lib/prepare-database";

ensurePrismaClients();
await prepareDatabaseOrExit();
const child = spawn(
  process.execPath,
  [path.resolve("node_modules/next/dist/bin/next"), "dev", "-p", process.env.PORT ?? "3000"],
  { stdio: "inherit" },
);
child.on("exit", (code) => process.exit(code ?? 0));
