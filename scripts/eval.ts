/**
 * `npm run eval -- --dataset NAME --agent NAME[@version|:label] --min-pass 0.9 [--concurrency N]
 * [--repetitions N] [--base-url URL --token T]`: the CI gate (docs/evals.md, "CI gate"). Runs an
 * experiment — against a running studio over HTTP when `--base-url` is given, else in this process
 * on the local database (DATABASE_URL), taking the same conversation claims as a studio — waits
 * for it, prints a summary table and a link, and exits 0 when it completed with a pass rate of at
 * least `--min-pass`, 1 below it, 2 when it could not run.
 */
import { ensurePrismaClients } from "./lib/ensure-generated";
import {
  gatePasses,
  gateTable,
  GATE_USAGE,
  GateUsageError,
  parseGateArgs,
  type GateArgs,
} from "../lib/evals/eval-gate";
import type { ExperimentView } from "../lib/evals/experiment.shared";

const TERMINAL = new Set(["completed", "cancelled", "failed"]);

async function remote(args: GateArgs & { baseUrl: string; token: string }): Promise<ExperimentView> {
  const call = async (path: string, init?: RequestInit) => {
    const res = await fetch(`${args.baseUrl}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${args.token}`, "content-type": "application/json" },
    });
    const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    if (!res.ok) {
      const error = (body?.error ?? {}) as { code?: string; message?: string };
      throw new Error(
        `${init?.method ?? "GET"} ${path}: ${res.status} ${error.code ?? ""} ${error.message ?? ""}`.trim(),
      );
    }
    return body as never;
  };
  const { datasets } = (await call("/api/datasets")) as { datasets: Array<{ id: string; name: string }> };
  const dataset = datasets.find((d) => d.name === args.dataset);
  if (!dataset) throw new Error(`no dataset named '${args.dataset}'`);
  const { agents } = (await call("/api/agents")) as { agents: Array<{ id: string; name: string }> };
  const agent = agents.find((a) => a.name === args.agent.name);
  if (!agent) throw new Error(`no agent named '${args.agent.name}'`);
  const { id } = (await call("/api/experiments", {
    method: "POST",
    body: JSON.stringify({
      datasetId: dataset.id,
      agentId: agent.id,
      version: args.agent.version,
      label: args.agent.label,
      concurrency: args.concurrency,
      repetitions: args.repetitions,
    }),
  })) as { id: string };
  for (;;) {
    const view = (await call(`/api/experiments/${id}`)) as ExperimentView;
    if (TERMINAL.has(view.status)) return view;
    await new Promise((r) => setTimeout(r, 1000));
  }
}

async function local(args: GateArgs): Promise<ExperimentView> {
  ensurePrismaClients(process.cwd());
  const { readyRunRuntime, closeServer } = await import("../lib/server/server");
  const { startExperiment } = await import("../lib/runs/use-cases/start-experiment");
  const { getExperiment } = await import("../lib/evals/read-experiments");
  const { currentWorkspaceId } = await import("../lib/db/workspace");
  const rt = await readyRunRuntime();
  try {
    const workspaceId = await currentWorkspaceId(rt.db);
    const dataset = await rt.db.dataset.findFirst({ where: { workspaceId, name: args.dataset } });
    if (!dataset) throw new Error(`no dataset named '${args.dataset}'`);
    const agent = await rt.db.agent.findFirst({ where: { workspaceId, name: args.agent.name } });
    if (!agent) throw new Error(`no agent named '${args.agent.name}'`);
    const { id } = await startExperiment(rt, {
      datasetId: dataset.id,
      agentId: agent.id,
      version: args.agent.version,
      label: args.agent.label,
      concurrency: args.concurrency,
      repetitions: args.repetitions,
      actor: { id: "eval-cli", name: "npm run eval", roles: ["operator"], apiTokenId: null },
    });
    for (;;) {
      const view = await getExperiment(rt.db, id);
      if (TERMINAL.has(view.status)) return view;
      await new Promise((r) => setTimeout(r, 500));
    }
  } finally {
    await closeServer();
  }
}

let args: GateArgs;
try {
  args = parseGateArgs(process.argv.slice(2));
} catch (err) {
  console.error(GateUsageError.is(err) ? `${err.message}\n${GATE_USAGE}` : String(err));
  process.exit(2);
}
try {
  const view =
    args.baseUrl && args.token
      ? await remote({ ...args, baseUrl: args.baseUrl, token: args.token })
      : await local(args);
  const base = args.baseUrl ?? process.env.ATELIER_PUBLIC_URL?.replace(/\/+$/, "") ?? "http://localhost:3000";
  console.log(gateTable(view));
  console.log(`\n${base}/evals/experiments/${view.id}`);
  const passes = gatePasses(view, args.minPass);
  console.log(
    passes
      ? `\neval gate: passed (${(view.totals.passRate * 100).toFixed(1)}% ≥ ${args.minPass * 100}%)`
      : `\neval gate: FAILED (${view.status}, ${(view.totals.passRate * 100).toFixed(1)}% < ${args.minPass * 100}% required)`,
  );
  process.exit(passes ? 0 : 1);
} catch (err) {
  console.error(`eval gate: could not run: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(2);
}
