/**
 * Demo data for a fresh studio. Seeding is a list of numbered steps; the highest step applied is
 * remembered in StudioMeta, so every start applies only the steps it has not applied yet, and a
 * second start applies nothing. Later features add steps (demo tools, agents, …) at the end.
 * `ATELIER_DEMO=0` turns the demo off: only the default workspace is created.
 */
import type { Db } from "./client";
import { DEMO_WORKSPACE_SLUG, ensureDefaultWorkspace } from "./workspace";

const SEED_KEY = "demo.seedStep";

export interface SeedStep {
  step: number;
  description: string;
  run(db: Db, workspaceId: string): Promise<void>;
}

export interface SeedResult {
  workspaceId: string;
  applied: string[];
  demo: boolean;
}

/**
 * Ensures the studio has its workspace, and the demo content when enabled. Idempotent. The steps
 * are the demo's (lib/demo/demo-steps.ts) — passed in, so the demo content can use the stores
 * that themselves use this module.
 */
export async function seedStudio(db: Db, steps: SeedStep[], options: { demo?: boolean } = {}): Promise<SeedResult> {
  const demo = options.demo ?? process.env.ATELIER_DEMO !== "0";
  steps = [...steps].sort((a, b) => a.step - b.step);
  if (!demo) {
    return { workspaceId: await ensureDefaultWorkspace(db), applied: [], demo };
  }
  const existing = await db.workspace.findUnique({ where: { slug: DEMO_WORKSPACE_SLUG } });
  const applied: string[] = [];
  const ws =
    existing ??
    (await db.workspace.create({ data: { slug: DEMO_WORKSPACE_SLUG, name: "Demo workspace", isDemo: true } }));
  if (!existing) applied.push("demo workspace");
  const marker = await db.studioMeta.findUnique({ where: { key: SEED_KEY } });
  let done = marker ? Number(marker.value) : 0;
  for (const step of steps) {
    if (step.step <= done) continue;
    await step.run(db, ws.id);
    done = step.step;
    await db.studioMeta.upsert({
      where: { key: SEED_KEY },
      create: { key: SEED_KEY, value: String(done) },
      update: { value: String(done) },
    });
    applied.push(step.description);
  }
  if (!marker) {
    await db.studioMeta.upsert({
      where: { key: SEED_KEY },
      create: { key: SEED_KEY, value: String(done) },
      update: {},
    });
  }
  return { workspaceId: ws.id, applied, demo };
}
