/**
 * Writes docs/agent-file.schema.json, the JSON Schema of the agent file, from its zod schema
 * (lib/agents/agent-file.shared.ts); `lib/agents/agent-file.test.ts` fails while the committed file
 * differs from what this generates. Run `npx tsx scripts/agent-file-schema.ts` after changing the format.
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { agentFileJsonSchema } from "../lib/agents/agent-file.shared";

const root = path.resolve(import.meta.dirname, "..");
const file = path.join(root, "docs", "agent-file.schema.json");
writeFileSync(file, `${JSON.stringify(agentFileJsonSchema(), null, 2)}\n`);
execFileSync(
  process.execPath,
  [path.join(root, "node_modules/prettier/bin/prettier.cjs"), "--write", "--log-level=warn", file],
  {
    stdio: "inherit",
  },
);
console.log(`wrote ${path.relative(root, file)}`);
