/**
 * Queue mode as an operator runs it: a throwaway PostgreSQL, web processes (`npm start` with
 * ATELIER_ROLE=web, on the shared production build) and worker processes (`npm run worker`), all real
 * processes on loopback, each in its own process group so a test can SIGKILL one.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { startThrowawayPostgres, type ThrowawayPostgres } from "../scripts/lib/throwaway-postgres";

export const CLUSTER_TOKEN = "e2e-queue-admin-token-0123456789";
export const ADMIN = { authorization: `Bearer ${CLUSTER_TOKEN}` };

export interface Proc {
  name: string;
  child: ChildProcess;
  log: string[];
}

export class Cluster {
  pg!: ThrowawayPostgres;
  url!: string;
  readonly procs: Proc[] = [];

  async startDatabase(): Promise<void> {
    this.pg = await startThrowawayPostgres();
    this.url = this.pg.urlFor("postgres");
  }

  private spawn(name: string, script: string, env: Record<string, string>): Proc {
    // tsx as a loader, not its CLI: the CLI relays a signal to its child and SIGKILLs a child that
    // does not confirm it within ~60 ms, which a busy worker misses — no graceful shutdown then.
    const child = spawn(process.execPath, ["--import", "tsx", script], {
      env: {
        ...process.env,
        DATABASE_URL: this.url,
        ATELIER_ADMIN_TOKEN: CLUSTER_TOKEN,
        ATELIER_SKIP_BUILD: "1",
        ATELIER_LEASE_MS: "3000",
        ATELIER_SHUTDOWN_GRACE_MS: "2000",
        NEXT_TELEMETRY_DISABLED: "1",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    const proc: Proc = { name, child, log: [] };
    child.stdout!.on("data", (d) => proc.log.push(String(d)));
    child.stderr!.on("data", (d) => proc.log.push(String(d)));
    this.procs.push(proc);
    return proc;
  }

  async startWeb(name: string, port: number): Promise<Proc> {
    const proc = this.spawn(name, "scripts/start.ts", { PORT: String(port), ATELIER_ROLE: "web" });
    const deadline = Date.now() + 120_000;
    for (;;) {
      try {
        const res = await fetch(`http://localhost:${port}/api/health`);
        if (res.ok) return proc;
      } catch {}
      if (proc.child.exitCode !== null || Date.now() > deadline)
        throw new Error(`${name} did not start:\n${proc.log.join("")}`);
      await new Promise((r) => setTimeout(r, 300));
    }
  }

  startWorker(name: string, env: Record<string, string> = {}): Proc {
    return this.spawn(name, "scripts/worker.ts", env);
  }

  /** Kills the process's whole group (SIGKILL: a crash, nothing gets to finish). */
  async kill(proc: Proc, signal: NodeJS.Signals = "SIGKILL"): Promise<void> {
    const { child } = proc;
    if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    try {
      process.kill(-child.pid, signal);
    } catch {}
    await exited;
  }

  async stop(): Promise<void> {
    await Promise.all(this.procs.map((p) => this.kill(p, "SIGKILL")));
    this.pg?.stop();
  }
}

export interface SseEvent {
  id: number | null;
  event: string;
  data: Record<string, unknown>;
}

/**
 * Reads a server-sent event stream until `until` says the events so far are enough (or the time
 * runs out), then closes it.
 */
export async function readSse(
  url: string,
  init: RequestInit,
  until: (events: SseEvent[]) => boolean,
  timeoutMs = 30_000,
): Promise<{ status: number; events: SseEvent[] }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const res = await fetch(url, { ...init, signal: controller.signal });
  const events: SseEvent[] = [];
  if (!res.ok || !res.body) {
    clearTimeout(timer);
    return { status: res.status, events };
  }
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let cut;
      while ((cut = buffer.indexOf("\n\n")) >= 0) {
        const frame = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        let id: number | null = null;
        let event = "message";
        const data: string[] = [];
        for (const line of frame.split("\n")) {
          if (line.startsWith("id:")) id = Number(line.slice(3).trim());
          else if (line.startsWith("event:")) event = line.slice(6).trim();
          else if (line.startsWith("data:")) data.push(line.slice(5).trimStart());
        }
        if (data.length) events.push({ id, event, data: JSON.parse(data.join("\n")) });
      }
      if (until(events)) break;
    }
  } catch (err) {
    if (!controller.signal.aborted) throw err;
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
  return { status: res.status, events };
}
