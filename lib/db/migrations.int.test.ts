import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listMigrations } from "./migration-files";
import { resolveDatabaseTarget } from "./database-url";
import { applyMigrations, createMigration, headSchemaPath } from "./migrations";
import { SCHEMA_PATH } from "./schema-source";
import { createTestDatabase, type TestDatabase } from "./testing/test-database";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.cleanup());

describe(`migrations on ${process.env.ATELIER_TEST_PG_URL ? "PostgreSQL" : "SQLite"}`, () => {
  it("applied every committed migration and records them in _prisma_migrations", async () => {
    const committed = listMigrations(t.target.kind).migrationDirectories.map((d) => d.path);
    expect(committed.length).toBeGreaterThan(0);
    const rows = await t.db.$queryRawUnsafe<Array<{ migration_name: string }>>(
      'SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL ORDER BY migration_name',
    );
    expect(rows.map((r) => r.migration_name)).toEqual(committed);
  });

  it("applies nothing to an up-to-date database", async () => {
    const again = await applyMigrations(t.target);
    expect(again.applied).toEqual([]);
  });

  it("creates a table for every model of the schema", async () => {
    const models = [...readFileSync(SCHEMA_PATH, "utf8").matchAll(/^model (\w+) \{/gm)].map((m) => m[1]);
    expect(models.length).toBeGreaterThan(10);
    for (const model of models) {
      const delegate = (t.db as unknown as Record<string, { count(): Promise<number> }>)[
        model[0].toLowerCase() + model.slice(1)
      ];
      expect(await delegate.count(), model).toBe(0);
    }
  });

  it("keeps the committed history in step with the schema source", () => {
    expect(readFileSync(headSchemaPath(t.target.kind), "utf8")).toBe(readFileSync(SCHEMA_PATH, "utf8"));
  });

  it.runIf(!process.env.ATELIER_TEST_PG_URL)(
    "has no schema change left to migrate (history replayed and diffed)",
    async () => {
      const scratch = mkdtempSync(path.join(os.tmpdir(), "atelier-scratch-"));
      try {
        const next = await createMigration(
          resolveDatabaseTarget(`file:${path.join(scratch, "s.db")}`),
          "should_be_empty",
        );
        expect(next).toEqual({ kind: "sqlite", name: null, file: null });
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }
    },
  );

  it("stores and reads JSON payloads and keeps the event log ordered per conversation", async () => {
    const ws = await t.db.workspace.create({ data: { slug: "w", name: "W" } });
    const agent = await t.db.agent.create({
      data: { workspaceId: ws.id, name: "a", config: { model: { provider: "demo", model: "demo" } } },
    });
    const conv = await t.db.conversation.create({ data: { workspaceId: ws.id, agentId: agent.id } });
    await t.db.event.createMany({
      data: [2, 1, 3].map((seq) => ({
        conversationId: conv.id,
        seq,
        runId: "r1",
        type: "LlmMessageEvent",
        payload: { seq, text: "é ✓" },
      })),
    });
    const events = await t.db.event.findMany({ where: { conversationId: conv.id }, orderBy: { seq: "asc" } });
    expect(events.map((e) => (e.payload as { seq: number }).seq)).toEqual([1, 2, 3]);
    await expect(
      t.db.event.create({ data: { conversationId: conv.id, seq: 2, runId: "r1", type: "X", payload: {} } }),
    ).rejects.toThrow();
  });
});
