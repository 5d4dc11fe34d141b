/**
 * Compare and export through their routes (SQLite, and PostgreSQL when ATELIER_TEST_PG_URL is
 * set), over experiments written as the engine stores them: two versions of an agent over two
 * revisions of one dataset (a regression, an improvement, an added and a removed case, repetitions),
 * compared case by case; different datasets refused; unknown ids 404; JSON and CSV exports with
 * their file names; any role reads.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callRoute } from "@/lib/api/testing/call-route";
import { createApiToken } from "@/lib/auth/api-tokens";
import { fastPasswords } from "@/lib/auth/testing/fast-passwords";
import { createUser } from "@/lib/auth/users";
import { jsonColumn } from "@/lib/db/json-column";
import { seedStudio } from "@/lib/db/seed-demo";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { currentWorkspaceId } from "@/lib/db/workspace";
import { DEMO_SEED_STEPS } from "@/lib/demo/demo-steps";
import { parseCsv } from "@/lib/evals/parse-csv";
import { ExperimentComparison, ExperimentView } from "@/lib/evals/experiment.shared";
import { closeServer } from "@/lib/server/server";
import * as compare from "./route";
import * as exportRoute from "../../export/route";
import * as datasets from "../../../../datasets/route";
import * as dataset from "../../../../datasets/[id]/route";

let t: TestDatabase;
const ADMIN = "compare-int-admin-token-0123456789";
const savedEnv = { ...process.env };
let viewer = "";
const ids = { v1: "", v2: "", elsewhere: "" };

type Entry = {
  caseId: string;
  index: number;
  repetition?: number;
  passed: boolean | null;
  cost?: number;
  answer?: string;
};

async function experiment(datasetId: string, revision: number, version: number, entries: Entry[], repetitions = 1) {
  const agent = await t.db.agent.findFirstOrThrow({ where: { name: "atlas" } });
  const x = await t.db.experiment.create({
    data: {
      workspaceId: await currentWorkspaceId(t.db),
      datasetId,
      datasetRevision: revision,
      agentId: agent.id,
      agentVersion: version,
      repetitions,
      status: "completed",
      createdByName: "Ada",
      startedAt: new Date(),
      finishedAt: new Date(),
    },
  });
  for (const e of entries) {
    await t.db.experimentCase.create({
      data: {
        experimentId: x.id,
        index: e.index,
        repetition: e.repetition ?? 0,
        caseId: e.caseId,
        status: e.passed === null ? "cancelled" : "done",
        passed: e.passed,
        verdicts: jsonColumn(
          e.passed === false ? [{ kind: "contains", passed: false, reason: "answer does not contain 'Paris'" }] : [],
        ),
        answer: e.answer ?? "Paris has 2103000 people.",
        toolCalls: jsonColumn([{ name: "city_population", args: { city: "Paris" }, depth: 0, turn: 0 }]),
        requests: 2,
        inputTokens: 40,
        outputTokens: 12,
        costNanoUsd: BigInt(e.cost ?? 1000),
        latencyMs: 120,
      },
    });
  }
  return x.id;
}

beforeAll(async () => {
  t = await createTestDatabase();
  process.env.ATELIER_ADMIN_TOKEN = ADMIN;
  await seedStudio(t.db, DEMO_SEED_STEPS, { demo: true });
  const system = { kind: "system" as const, id: "system", name: "t", roles: ["admin" as const] };
  const user = await createUser(
    t.db,
    system,
    { email: "viewer@compare.test", name: "viewer", password: "a long test password", roles: ["viewer"] },
    fastPasswords(),
  );
  viewer = (
    await createApiToken(
      t.db,
      { kind: "user", id: user.id, name: user.name, roles: user.roles },
      { name: "t", role: "viewer", expiresInDays: 1 },
    )
  ).token;

  const msg = (m: string, id: string) => ({ id, messages: [m], expect: [{ kind: "contains", value: "Paris" }] });
  const created = await callRoute(datasets.POST, "/api/datasets", {
    body: { name: "cities", cases: [msg("Paris?", "paris"), msg("Lyon?", "lyon"), msg("Nice?", "nice")] },
    bearer: ADMIN,
  });
  const ds = created.json.id as string;
  // Revision 2: 'nice' removed, 'lille' added.
  await callRoute(dataset.PUT, `/api/datasets/${ds}`, {
    method: "PUT",
    params: { id: ds },
    body: { name: "cities", cases: [msg("Paris?", "paris"), msg("Lyon?", "lyon"), msg("Lille?", "lille")] },
    bearer: ADMIN,
  });
  ids.v1 = await experiment(
    ds,
    1,
    1,
    [
      { caseId: "paris", index: 0, repetition: 0, passed: true, cost: 1000 },
      { caseId: "paris", index: 0, repetition: 1, passed: true, cost: 1000 },
      { caseId: "lyon", index: 1, repetition: 0, passed: false },
      { caseId: "lyon", index: 1, repetition: 1, passed: false },
      { caseId: "nice", index: 2, repetition: 0, passed: true },
      { caseId: "nice", index: 2, repetition: 1, passed: true },
    ],
    2,
  );
  ids.v2 = await experiment(
    ds,
    2,
    2,
    [
      { caseId: "paris", index: 0, repetition: 0, passed: false, cost: 3000, answer: "Paris is big." },
      { caseId: "paris", index: 0, repetition: 1, passed: true, cost: 3000 },
      { caseId: "lyon", index: 1, repetition: 0, passed: true },
      { caseId: "lyon", index: 1, repetition: 1, passed: true },
      { caseId: "lille", index: 2, repetition: 0, passed: true },
      { caseId: "lille", index: 2, repetition: 1, passed: null },
    ],
    2,
  );
  const other = await callRoute(datasets.POST, "/api/datasets", {
    body: { name: "elsewhere", cases: [msg("Rome?", "rome")] },
    bearer: ADMIN,
  });
  ids.elsewhere = await experiment(other.json.id as string, 1, 1, [{ caseId: "rome", index: 0, passed: true }]);
});
afterAll(async () => {
  await closeServer();
  process.env = savedEnv;
  await t?.cleanup();
});

const get = (id: string, otherId: string, bearer = ADMIN) =>
  callRoute(compare.GET, `/api/experiments/${id}/compare/${otherId}`, { params: { id, otherId }, bearer });
const download = (id: string, format?: string, bearer = ADMIN) =>
  callRoute(exportRoute.GET, `/api/experiments/${id}/export${format ? `?format=${format}` : ""}`, {
    params: { id },
    bearer,
  });

describe("GET /api/experiments/{id}/compare/{otherId}", () => {
  it("aligns the cases by id across revisions: regressed and improved first, then added and removed", async () => {
    const res = await get(ids.v1, ids.v2, viewer);
    expect(res.status).toBe(200);
    const cmp = ExperimentComparison.parse(res.json);
    expect(cmp.base.agentVersion).toBe(1);
    expect(cmp.other.agentVersion).toBe(2);
    expect(cmp.cases.map((c) => [c.caseId, c.change])).toEqual([
      ["paris", "regressed"],
      ["lyon", "improved"],
      ["lille", "added"],
      ["nice", "removed"],
    ]);
    expect(cmp.counts).toEqual({ regressed: 1, improved: 1, unchanged: 0, added: 1, removed: 1 });
    const paris = cmp.cases[0];
    expect(paris.base!.passRate).toBe(1);
    expect(paris.other!.passRate).toBe(0.5);
    expect(paris.costDeltaNanoUsd).toBe(2000);
    expect(paris.latencyDeltaMs).toBe(0);
    expect(paris.other!.entries[0].answer).toBe("Paris is big.");
    expect(paris.title).toBe("Paris?");
    // A cancelled repetition is not judged: 'lille' passed its one judged entry.
    expect(cmp.cases[2].other!.passRate).toBe(1);
  });

  it("refuses experiments over different datasets (400) and unknown ids (404)", async () => {
    const res = await get(ids.v1, ids.elsewhere);
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe("validation_error");
    expect(res.json.error.message).toContain("different datasets");
    const missing = await get(ids.v1, "nope");
    expect(missing.status).toBe(404);
    expect(missing.json.error.code).toBe("not_found");
  });
});

describe("GET /api/experiments/{id}/export", () => {
  it("answers the experiment's view as a JSON file by default", async () => {
    const res = await download(ids.v2, undefined, viewer);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="cities.atlas-v2.${ids.v2}.json"`);
    const view = ExperimentView.parse(res.json);
    expect(view.id).toBe(ids.v2);
    expect(view.cases).toHaveLength(6);
  });

  it("answers one CSV row per case entry", async () => {
    const res = await download(ids.v2, "csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="cities.atlas-v2.${ids.v2}.csv"`);
    const rows = parseCsv(res.json as string).records.map((r) => r.cells);
    expect(rows[0].slice(0, 3)).toEqual(["experimentId", "agentName", "agentVersion"]);
    expect(rows).toHaveLength(7);
    const col = (name: string) => rows[0].indexOf(name);
    expect(rows[1][col("caseId")]).toBe("paris");
    expect(rows[1][col("passed")]).toBe("false");
    expect(rows[1][col("verdicts")]).toBe("contains: fail (answer does not contain 'Paris')");
    expect(rows[1][col("toolCalls")]).toBe("city_population");
    expect(rows[1][col("costNanoUsd")]).toBe("3000");
    expect(rows[6][col("passed")]).toBe("");
    expect(rows[6][col("status")]).toBe("cancelled");
  });

  it("refuses an unknown format and an unknown experiment", async () => {
    const bad = await download(ids.v2, "xml");
    expect(bad.status).toBe(400);
    expect(bad.json.error.code).toBe("validation_error");
    const missing = await download("nope", "csv");
    expect(missing.status).toBe(404);
  });
});
