import { spawn, type ChildProcess } from "node:child_process";
import os from "node:os";
import path from "node:path";

/**
 * A studio of a spec's own (same production build, fresh SQLite database, its own port), for specs
 * that need a state or a setting the shared server must not have: no users yet, a tiny queue.
 */
export interface OwnStudio {
  base: string;
  /** The SQLite file the studio writes (a spec may read or change it directly). */
  dbFile: string;
  stop(): void;
}

export async function startOwnStudio(name: string, port: number, env: Record<string, string>): Promise<OwnStudio> {
  const dbFile = path.join(os.tmpdir(), `atelier-e2e-${name}-${process.pid}-${Date.now()}.db`);
  const server: ChildProcess = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/start.ts"], {
    env: { ...process.env, PORT: String(port), DATABASE_URL: `file:${dbFile}`, ATELIER_SKIP_BUILD: "1", ...env },
    stdio: "ignore",
    detached: true,
  });
  const base = `http://localhost:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`the ${name} test server did not start on port ${port}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    base,
    dbFile,
    stop: () => {
      if (server.pid) process.kill(-server.pid, "SIGTERM");
    },
  };
}
