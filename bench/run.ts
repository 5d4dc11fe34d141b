/**
 * `npm run bench`: runs every bench/*.bench.ts in its own process, one after another (so they do
 * not compete for the two cores), and prints each one's figures. `npm run bench -- NAME` runs the
 * benchmarks whose file name contains NAME.
 */
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";

const dir = path.dirname(new URL(import.meta.url).pathname);
const filter = process.argv[2];
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".bench.ts") && (!filter || f.includes(filter)))
  .sort();
if (files.length === 0) {
  console.error(`no benchmark matches ${filter ?? "*"}`);
  process.exit(1);
}
let failed = 0;
for (const f of files) {
  console.log(`\n━━━ ${f} ${"━".repeat(Math.max(0, 66 - f.length))}`);
  const res = spawnSync(process.execPath, [path.resolve("node_modules/tsx/dist/cli.mjs"), path.join(dir, f)], {
    stdio: "inherit",
  });
  if (res.status !== 0) {
    console.error(`${f} exited ${res.status}`);
    failed++;
  }
}
process.exit(failed ? 1 : 0);
