/** Generates the Prisma clients when they are missing or older than prisma/schema.prisma. */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const STAMP = "lib/db/generated/.schema-hash";

export function ensurePrismaClients(root = process.cwd()): boolean {
  const hash = createHash("sha256")
    .update(readFileSync(path.join(root, "prisma/schema.prisma")))
    .digest("hex");
  const stamp = path.join(root, STAMP);
  const present = ["sqlite", "postgresql"].every((k) => existsSync(path.join(root, `lib/db/generated/${k}/client.ts`)));
  if (present && existsSync(stamp) && readFileSync(stamp, "utf8").trim() === hash) return false;
  execFileSync(
    process.execPath,
    [path.join(root, "node_modules/tsx/dist/cli.mjs"), path.join(root, "scripts/prisma-generate.ts")],
    {
      cwd: root,
      stdio: "inherit",
    },
  );
  writeFileSync(stamp, hash);
  return true;
}
