/**
 * `npm test`: everything, in order, then one closing line `N passed, N failed` over all suites.
 *   1. type check (tsc over the whole project, tests included), the import rules (dependency-cruiser),
 *      lint (ESLint: Next.js and typescript-eslint rules) and formatting (Prettier --check)
 *   2. unit + integration tests (Vitest) on SQLite
 *   3. integration tests (*.int.test.ts) on a throwaway PostgreSQL, when its binaries are on the PATH
 *   4. end-to-end tests (Playwright) in the system Chromium against the production build
 * `--only=types,unit,pg,e2e` picks steps. With no Chromium the e2e step says so loudly, and fails
 * when CI is set.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { ensurePrismaClients } from "./lib/ensure-generated";
import { postgresAvailable, startThrowawayPostgres } from "./lib/throwaway-postgres";

type Step = "types" | "unit" | "pg" | "e2e";
const onlyArg = process.argv.find((a) => a.startsWith("--only="));
const steps = new Set<Step>(onlyArg ? (onlyArg.slice(7).split(",") as Step[]) : ["types", "unit", "pg", "e2e"]);
const root = process.cwd();
const reports = path.join(root, "test-results");
mkdirSync(reports, { recursive: true });
const node = process.execPath;
const bin = (p: string) => path.join(root, "node_modules", p);

interface SuiteResult {
  name: string;
  passed: number;
  failed: number;
  skipped: number;
  note?: string;
}
const results: SuiteResult[] = [];
let problems = 0;

function banner(text: string) {
  console.log(`\n━━━ ${text} ${"━".repeat(Math.max(0, 70 - text.length))}`);
}

function run(args: string[], env: Record<string, string> = {}): number {
  const res = spawnSync(node, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return res.status ?? 1;
}

function vitestSuite(name: string, filters: string[], env: Record<string, string> = {}) {
  const out = path.join(reports, `vitest-${name.replace(/\W+/g, "-")}.json`);
  rmSync(out, { force: true });
  const code = run(
    [bin("vitest/vitest.mjs"), "run", "--reporter=default", "--reporter=json", `--outputFile.json=${out}`, ...filters],
    env,
  );
  if (!existsSync(out)) {
    results.push({ name, passed: 0, failed: 1, skipped: 0, note: `vitest exited ${code} without a report` });
    return;
  }
  const r = JSON.parse(readFileSync(out, "utf8"));
  const failedSuites = (r.testResults ?? []).filter(
    (s: { status: string; assertionResults: unknown[] }) => s.status === "failed" && s.assertionResults.length === 0,
  ).length;
  results.push({
    name,
    passed: r.numPassedTests,
    failed: r.numFailedTests + failedSuites,
    skipped: (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0),
    note: code !== 0 && r.numFailedTests + failedSuites === 0 ? `vitest exited ${code}` : undefined,
  });
  if (code !== 0 && r.numFailedTests + failedSuites === 0) problems++;
}

ensurePrismaClients(root);

if (steps.has("types")) {
  banner("type check (tsc --noEmit)");
  const code = run([bin("typescript/bin/tsc"), "--noEmit", "-p", "."]);
  // Counted as one check, so a type error shows in the closing line as a failure.
  results.push({ name: "type check (tsc)", passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0 });
  console.log(code === 0 ? "type check: clean" : "type check failed (see above)");

  banner("architecture boundaries (dependency-cruiser)");
  const dc = run([
    bin("dependency-cruiser/bin/dependency-cruise.mjs"),
    "app",
    "components",
    "lib",
    "--config",
    ".dependency-cruiser.cjs",
  ]);
  results.push({ name: "boundaries (depcruise)", passed: dc === 0 ? 1 : 0, failed: dc === 0 ? 0 : 1, skipped: 0 });

  banner("lint (eslint)");
  const lint = run([bin("eslint/bin/eslint.js"), "--max-warnings=0", "."]);
  results.push({ name: "lint (eslint)", passed: lint === 0 ? 1 : 0, failed: lint === 0 ? 0 : 1, skipped: 0 });
  console.log(lint === 0 ? "lint: clean" : "lint failed (see above)");

  banner("formatting (prettier --check)");
  const format = run([bin("prettier/bin/prettier.cjs"), "--check", "--log-level=warn", "."]);
  results.push({
    name: "formatting (prettier)",
    passed: format === 0 ? 1 : 0,
    failed: format === 0 ? 0 : 1,
    skipped: 0,
  });
  console.log(format === 0 ? "formatting: clean" : "formatting differs from Prettier's (npm run format fixes it)");
}

if (steps.has("unit")) {
  banner("unit and integration tests on SQLite (vitest)");
  vitestSuite("unit+integration (SQLite)", []);
}

if (steps.has("pg")) {
  banner("integration tests on PostgreSQL (vitest)");
  if (!postgresAvailable()) {
    console.log("PostgreSQL binaries (initdb, pg_ctl) are not on the PATH: the PostgreSQL run is skipped.");
    results.push({
      name: "integration (PostgreSQL)",
      passed: 0,
      failed: 0,
      skipped: 0,
      note: "skipped: no PostgreSQL binaries",
    });
  } else {
    const server = await startThrowawayPostgres();
    try {
      console.log(`throwaway PostgreSQL on 127.0.0.1:${server.port}`);
      vitestSuite("integration (PostgreSQL)", [".int.test.ts"], { ATELIER_TEST_PG_URL: server.url });
    } finally {
      server.stop();
    }
  }
}

if (steps.has("e2e")) {
  banner("end-to-end tests in Chromium (playwright)");
  const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (!existsSync(chromium)) {
    const msg = `NO CHROMIUM at ${chromium}: the end-to-end suite did NOT run. Install it (apt-get install -y chromium) or set CHROMIUM_PATH.`;
    console.error(`\n!!!!!!!!!!\n!!! ${msg}\n!!!!!!!!!!\n`);
    results.push({
      name: "e2e (Chromium)",
      passed: 0,
      failed: process.env.CI ? 1 : 0,
      skipped: 0,
      note: "not run: no Chromium",
    });
  } else {
    const buildCode = run([bin("tsx/dist/cli.mjs"), "scripts/build.ts"]);
    if (buildCode !== 0) {
      results.push({ name: "e2e (Chromium)", passed: 0, failed: 1, skipped: 0, note: "the production build failed" });
    } else {
      const out = path.join(reports, "e2e-report.json");
      rmSync(out, { force: true });
      const code = run([bin("@playwright/test/cli.js"), "test"], { E2E_JSON_REPORT: out, CHROMIUM_PATH: chromium });
      if (existsSync(out)) {
        const s = JSON.parse(readFileSync(out, "utf8")).stats ?? {};
        const errors = (JSON.parse(readFileSync(out, "utf8")).errors ?? []).length;
        results.push({
          name: "e2e (Chromium)",
          passed: (s.expected ?? 0) + (s.flaky ?? 0),
          failed: (s.unexpected ?? 0) + errors,
          skipped: s.skipped ?? 0,
        });
        if (code !== 0 && (s.unexpected ?? 0) + errors === 0) problems++;
      } else {
        results.push({
          name: "e2e (Chromium)",
          passed: 0,
          failed: 1,
          skipped: 0,
          note: `playwright exited ${code} without a report`,
        });
      }
    }
  }
}

banner("summary");
for (const r of results) {
  console.log(
    `${r.name.padEnd(30)} ${String(r.passed).padStart(5)} passed ${String(r.failed).padStart(4)} failed ${String(r.skipped).padStart(4)} skipped${r.note ? `  (${r.note})` : ""}`,
  );
}
const passed = results.reduce((a, r) => a + r.passed, 0);
const failed = results.reduce((a, r) => a + r.failed, 0);
const skipped = results.reduce((a, r) => a + r.skipped, 0);
if (problems) console.log(`${problems} step(s) failed outside the test counts (see above)`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 || problems > 0 || passed === 0 ? 1 : 0);
