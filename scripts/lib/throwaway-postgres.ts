/**
 * A throwaway PostgreSQL cluster on a free loopback port, for tests and for writing migrations.
 * PostgreSQL refuses to run as root, so the cluster runs as the `postgres` user when we are root.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export interface ThrowawayPostgres {
  url: string;
  port: number;
  /** A URL for a database of the given name on the same server. */
  urlFor(database: string): string;
  createDatabase(name: string): string;
  stop(): void;
}

export function postgresAvailable(): boolean {
  return spawnSync("sh", ["-c", "command -v initdb && command -v pg_ctl"], { stdio: "ignore" }).status === 0;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const isRoot = process.getuid?.() === 0;
  const base = mkdtempSync(path.join(os.tmpdir(), "atelier-pg-"));
  chmodSync(base, 0o777);
  const dataDir = path.join(base, "data");
  const log = path.join(base, "postgres.log");
  const run = (cmd: string, args: string[]) =>
    isRoot
      ? execFileSync("runuser", ["-u", "postgres", "--", cmd, ...args], { stdio: "pipe" })
      : execFileSync(cmd, args, { stdio: "pipe" });
  const user = isRoot ? "postgres" : os.userInfo().username;
  run("initdb", ["-D", dataDir, "-U", user, "--auth=trust", "-E", "UTF8", "--no-sync"]);
  const port = await freePort();
  run("pg_ctl", [
    "-D",
    dataDir,
    "-o",
    `-p ${port} -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off`,
    "-l",
    log,
    "-w",
    "start",
  ]);
  const urlFor = (db: string) => `postgresql://${user}@127.0.0.1:${port}/${db}`;
  return {
    port,
    url: urlFor("postgres"),
    urlFor,
    createDatabase(name: string) {
      execFileSync(
        "psql",
        ["-h", "127.0.0.1", "-p", String(port), "-U", user, "-d", "postgres", "-qc", `CREATE DATABASE "${name}"`],
        { stdio: "pipe" },
      );
      return urlFor(name);
    },
    stop() {
      try {
        run("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
      } finally {
        rmSync(base, { recursive: true, force: true });
      }
    },
  };
}
