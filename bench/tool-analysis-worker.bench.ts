/**
 * Tool analysis through the analyser worker vs in process (target: warm p95 <= 25 ms, the same
 * target as tool-analysis.bench.ts, now measured as the server sees it: post to the warm worker,
 * analyse, answer back).
 *   npx tsx bench/tool-analysis-worker.bench.ts [--warm=200]
 * The same ~200-line tool and the same edits (body / description, alternately) are analysed by
 * `analyzeTool` on the main thread (before: what the route did) and by `AnalysisRunner` (after).
 */
import { AnalysisRunner } from "../lib/tools/analysis-runner";
import { analyzeTool } from "../lib/tools/analyze-tool";
import { percentile } from "./stats";

const arg = (name: string, fallback: number) => {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  return found ? Number(found.split("=")[1]) : fallback;
};
const WARM = arg("warm", 200);

function toolSource(tag: string, docEdit: string): string {
  const fields = Array.from(
    { length: 60 },
    (_, i) =>
      `  /** Field ${i} of the order line. */\n  f${i}: ${i % 3 === 0 ? "number" : i % 3 === 1 ? "string" : "boolean"};`,
  );
  const body = Array.from({ length: 40 }, (_, i) => `  const v${i} = order.f${(i * 3) % 60} ?? ${i}; // ${tag}`);
  return `import { tool } from "atelier";

type Priority = "low" | "normal" | "high" | "urgent";

interface OrderLine {
${fields.join("\n")}
}

interface Result {
  accepted: boolean;
  reference: string;
}

/**
 * Record an order line for the warehouse and return its reference${docEdit}.
 */
export default tool({ sideEffecting: false }, function record_line(order: OrderLine, priority: Priority): Result {
${body.join("\n")}
  return { accepted: priority !== "low", reference: "${tag}" };
});
`;
}

const pct = (samples: number[], p: number) =>
  percentile(
    [...samples].sort((a, b) => a - b),
    p,
  );

function row(label: string, xs: number[]): string {
  return `${label.padEnd(44)} p50 ${pct(xs, 50).toFixed(1).padStart(6)} ms  p95 ${pct(xs, 95).toFixed(1).padStart(6)} ms  max ${Math.max(
    ...xs,
  )
    .toFixed(1)
    .padStart(7)} ms`;
}

const sources = Array.from({ length: WARM }, (_, i) =>
  i % 2 === 0 ? toolSource(`w${i}`, "") : toolSource(`w${i - 1}`, ` (edit ${i})`),
);
if (!analyzeTool(toolSource("check", "")).tool) throw new Error("the benchmark tool does not analyse cleanly");

// Before: in process, shared language service, after a JIT warm-up.
for (let i = 0; i < 20; i++) analyzeTool(toolSource(`warmup${i}`, ""));
const inProcess: number[] = [];
for (const s of sources) {
  const t0 = performance.now();
  analyzeTool(s);
  inProcess.push(performance.now() - t0);
}

// After: the warm worker, round trip included.
const runner = new AnalysisRunner();
let t0 = performance.now();
await runner.warmup();
const startMs = performance.now() - t0;
for (let i = 0; i < 20; i++) await runner.analyze(toolSource(`warmup${i}`, ""));
const viaWorker: number[] = [];
for (const s of sources) {
  t0 = performance.now();
  const r = await runner.analyze(s);
  viaWorker.push(performance.now() - t0);
  if (!r.tool) throw new Error(`worker analysis failed: ${r.diagnostics[0]?.message}`);
}
await runner.close();

console.log(`tool analysis, ${toolSource("x", "").split("\n").length}-line tool, ${WARM} warm edits`);
console.log(`worker start (tsx load + typescript + first analysis): ${startMs.toFixed(0)} ms (once per process)`);
console.log(row("in process (main thread), warm", inProcess));
const w95 = pct(viaWorker, 95);
console.log(
  `${row("analyser worker round trip, warm", viaWorker)}  target p95 <= 25 ms: ${w95 <= 25 ? "ok" : "MISSED"}`,
);
