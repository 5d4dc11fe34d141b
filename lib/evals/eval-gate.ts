/**
 * The CI gate's pure parts (`npm run eval`, scripts/eval.ts; docs/evals.md, "CI gate"): its
 * arguments, the agent reference `NAME[@version|:label]`, the summary table and the verdict
 * against `--min-pass`.
 */
import { BrandedError } from "../errors";
import type { ExperimentView } from "./experiment.shared";

export interface GateArgs {
  dataset: string;
  agent: { name: string; version?: number; label?: string };
  minPass: number;
  concurrency?: number;
  repetitions?: number;
  baseUrl?: string;
  token?: string;
}

export class GateUsageError extends BrandedError {
  static override readonly kind: string = "GateUsageError";
}

export const GATE_USAGE =
  "usage: npm run eval -- --dataset NAME --agent NAME[@version|:label] --min-pass 0.9 [--concurrency N] [--repetitions N] [--base-url URL --token T]";

/** `support`, `support@3`, `support:staging`. */
export function parseAgentRef(ref: string): GateArgs["agent"] {
  const at = /^(.+)@(\d+)$/.exec(ref);
  if (at) return { name: at[1], version: Number(at[2]) };
  const colon = /^(.+):([A-Za-z0-9_-]+)$/.exec(ref);
  if (colon) return { name: colon[1], label: colon[2] };
  return { name: ref };
}

export function parseGateArgs(argv: readonly string[]): GateArgs {
  const values = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (!flag.startsWith("--")) throw new GateUsageError(`unexpected argument '${flag}'`);
    const [name, inline] = flag.slice(2).split("=", 2);
    const value = inline ?? argv[++i];
    if (value === undefined) throw new GateUsageError(`--${name} needs a value`);
    values.set(name, value);
  }
  const known = ["dataset", "agent", "min-pass", "concurrency", "repetitions", "base-url", "token"];
  for (const k of values.keys()) if (!known.includes(k)) throw new GateUsageError(`unknown option --${k}`);
  const dataset = values.get("dataset");
  const agent = values.get("agent");
  if (!dataset) throw new GateUsageError("--dataset is required");
  if (!agent) throw new GateUsageError("--agent is required");
  const minPass = Number(values.get("min-pass") ?? "1");
  if (!Number.isFinite(minPass) || minPass < 0 || minPass > 1)
    throw new GateUsageError("--min-pass is a number from 0 to 1");
  const int = (name: string) => {
    const raw = values.get(name);
    if (raw === undefined) return undefined;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 1) throw new GateUsageError(`--${name} is a whole number of 1 or more`);
    return n;
  };
  const baseUrl = values.get("base-url")?.replace(/\/+$/, "");
  const token = values.get("token");
  if (baseUrl && !token) throw new GateUsageError("--base-url needs --token (an API token with the operator role)");
  return {
    dataset,
    agent: parseAgentRef(agent),
    minPass,
    concurrency: int("concurrency"),
    repetitions: int("repetitions"),
    ...(baseUrl ? { baseUrl } : {}),
    ...(token ? { token } : {}),
  };
}

const usd = (nano: number) => `$${(nano / 1e9).toFixed(6)}`;
const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** The summary printed by the gate: one line per entry, then the totals. */
export function gateTable(view: ExperimentView): string {
  const rows = view.cases.map((c) => {
    const failed = c.error
      ? `${c.error.type}: ${c.error.message}`
      : c.verdicts
          .filter((v) => v.passed !== true)
          .map((v) => `${v.kind}: ${v.reason}`)
          .join("; ");
    return [
      c.status === "done" ? (c.passed ? "PASS" : "FAIL") : c.status.toUpperCase(),
      cut(c.caseId, 24),
      String(c.repetition),
      c.latencyMs === null ? "-" : `${c.latencyMs} ms`,
      usd(c.costNanoUsd),
      cut(failed, 100),
    ];
  });
  const header = ["result", "case", "rep", "latency", "cost", "why it failed"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r: string[]) =>
    r
      .map((cell, i) => cell.padEnd(widths[i]))
      .join("  ")
      .trimEnd();
  const t = view.totals;
  return [
    `${view.agentName} v${view.agentVersion}${view.label ? ` (${view.label})` : ""} over ${view.datasetName} r${view.datasetRevision}: ${view.status}`,
    "",
    line(header),
    ...rows.map(line),
    "",
    `passed ${t.passed}/${t.done} (${(t.passRate * 100).toFixed(1)}%) of ${t.cases}; cost ${usd(t.costNanoUsd)} (judge ${usd(t.judgeCostNanoUsd)}); latency p50 ${t.latencyMs.p50 ?? "-"} ms, p95 ${t.latencyMs.p95 ?? "-"} ms`,
  ].join("\n");
}

/** The gate passes when the experiment completed and its pass rate is at least `minPass`. */
export function gatePasses(view: ExperimentView, minPass: number): boolean {
  return view.status === "completed" && view.totals.passRate >= minPass;
}
