import { afterAll, describe, expect, it } from "vitest";
import { AnalysisBusyError, AnalysisRunner } from "./analysis-runner";
import { analyzeTool } from "./analyze-tool";

const fixture = (name: string) => new URL(`./testing/${name}`, import.meta.url);

const WEATHER = `import { tool } from "atelier";

type Unit = "celsius" | "fahrenheit";

/**
 * Report the weather for a city in the requested unit of measure.
 */
export default tool({ sideEffecting: false }, async function weather(city: string, unit: Unit) {
  return \`\${city} in \${unit}\`;
});
`;

const runners: AnalysisRunner[] = [];
function runner(options: ConstructorParameters<typeof AnalysisRunner>[0] = {}) {
  const r = new AnalysisRunner(options);
  runners.push(r);
  return r;
}
afterAll(async () => {
  await Promise.all(runners.map((r) => r.close()));
});

describe("AnalysisRunner with the real analyser", () => {
  it("answers exactly what analyzeTool answers in process, and stays warm", async () => {
    const r = runner();
    const inWorker = await r.analyze(WEATHER);
    expect(inWorker).toEqual(analyzeTool(WEATHER));
    expect(inWorker.tool?.name).toBe("weather");
    const edited = WEATHER.replace("city: string", "town: string");
    expect(await r.analyze(edited)).toEqual(analyzeTool(edited));
    expect(r.stats()).toMatchObject({ started: 1, completed: 2, timedOut: 0 });
  });
});

describe("AnalysisRunner time limit", () => {
  it("stops a runaway analysis with a diagnostic, replaces the worker, and the event loop keeps turning", async () => {
    const r = runner({ workerPath: fixture("spinning-analysis-worker.mjs"), timeoutMs: 400 });
    const first = await r.analyze("ok");
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 20);
    const started = Date.now();
    const stuck = await r.analyze("SPIN");
    clearInterval(ticker);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(ticks).toBeGreaterThanOrEqual(10);
    expect(stuck.tool).toBeNull();
    expect(stuck.diagnostics).toEqual([
      expect.objectContaining({
        severity: "error",
        code: "ToolDefinitionError",
        message: expect.stringMatching(/^analysis stopped: type-checking this source took longer than 0\.4 s/),
      }),
    ]);
    const after = await r.analyze("ok again");
    expect(after.diagnostics[0].message).not.toBe(first.diagnostics[0].message); // another thread
    expect(r.stats()).toMatchObject({ started: 2, timedOut: 1 });
  });

  it("only the runaway analysis fails: the ones queued behind it run on the replacement", async () => {
    const r = runner({ workerPath: fixture("spinning-analysis-worker.mjs"), timeoutMs: 300 });
    const [stuck, next] = await Promise.all([r.analyze("SPIN"), r.analyze("fine")]);
    expect(stuck.diagnostics[0].message).toMatch(/^analysis stopped/);
    expect(next.diagnostics[0].message).toMatch(/^thread \d+$/);
  });

  it("refuses more waiting analyses than its queue holds (429 with Retry-After)", async () => {
    const r = runner({ workerPath: fixture("spinning-analysis-worker.mjs"), timeoutMs: 300, maxQueue: 2 });
    await r.warmup();
    const pending = [r.analyze("SPIN"), r.analyze("a"), r.analyze("b")];
    const refused = r.analyze("c");
    await expect(refused).rejects.toBeInstanceOf(AnalysisBusyError);
    await expect(refused).rejects.toMatchObject({ code: "rate_limited", details: { retryAfterSeconds: 1 } });
    await Promise.all(pending);
  });

  it("reports an analyser that cannot start as a diagnostic, and tries again on the next request", async () => {
    const r = runner({ workerPath: fixture("failing-analysis-worker.mjs") });
    const out = await r.analyze("x");
    expect(out.diagnostics[0].message).toBe("the tool analyser could not start: Cannot find module 'typescript'");
    await r.analyze("y");
    expect(r.stats().started).toBe(2);
  });
});
