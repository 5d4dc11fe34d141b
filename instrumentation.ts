/**
 * Runs once when a Next.js server process starts (Node.js runtime). It builds the process's
 * composition root (lib/server/server.ts) and, through it: in one process (`ATELIER_ROLE=all`)
 * finishes runs a stopped server left `running` (lib/runs/infra/recover-at-start.ts); a web process in
 * queue mode recovers nothing — workers own running runs and take over lapsed leases — and starts
 * its fan-out listener so live followers get events executed anywhere (lib/runs/infra/queue/README.md).
 * Both warm the tool analyser's worker thread in the background, so the first tool opened in the
 * studio does not wait for TypeScript to load (lib/tools/README.md, "Analysis worker").
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { atelierRole } = await import("./lib/runs/infra/queue/role");
  const role = atelierRole();
  if (role === "worker") throw new Error("ATELIER_ROLE=worker is started with `npm run worker`, not as a web server.");
  const { server } = await import("./lib/server/server");
  const root = server();
  root.analyser
    .warmup()
    .catch((err: unknown) => root.logger.warn({ err }, "the tool analyser did not warm up (it starts on first use)"));
  if (role === "web") {
    await root.ready();
    return;
  }
  const { recoverAtStart } = await import("./lib/runs/infra/recover-at-start");
  try {
    await recoverAtStart(root.runtime);
  } catch (err) {
    root.logger.error({ err }, "could not recover interrupted runs at start");
  }
}
