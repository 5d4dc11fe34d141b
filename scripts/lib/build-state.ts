/**
 * Whether the production build in .next matches the sources: a fingerprint of the source files'
 * paths, sizes and modification times, written after each build.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const ROOTS = ["app", "components", "lib", "public"];
const FILES = [
  "next.config.mjs",
  "instrumentation.ts",
  "instrumentation-client.ts",
  "package-lock.json",
  "tsconfig.json",
  "prisma/schema.prisma",
];
/** The build directory: `.next`, or ATELIER_DIST_DIR (next.config.mjs reads the same variable). */
const DIST = process.env.ATELIER_DIST_DIR || ".next";
const STAMP = `${DIST}/atelier-build-fingerprint`;

function walk(dir: string, out: string[]) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(p, out);
    else if (!entry.name.endsWith(".test.ts")) out.push(p);
  }
}

export function sourceFingerprint(root = process.cwd()): string {
  const files: string[] = [];
  for (const r of ROOTS) walk(path.join(root, r), files);
  for (const f of FILES) if (existsSync(path.join(root, f))) files.push(path.join(root, f));
  const h = createHash("sha256");
  for (const f of files.sort()) {
    const s = statSync(f);
    h.update(`${path.relative(root, f)}\0${s.size}\0${s.mtimeMs}\n`);
  }
  return h.digest("hex");
}

export function buildIsCurrent(root = process.cwd()): boolean {
  const stamp = path.join(root, STAMP);
  if (!existsSync(path.join(root, DIST, "BUILD_ID")) || !existsSync(stamp)) return false;
  return readFileSync(stamp, "utf8").trim() === sourceFingerprint(root);
}

export function markBuilt(root = process.cwd()): void {
  writeFileSync(path.join(root, STAMP), sourceFingerprint(root));
}
