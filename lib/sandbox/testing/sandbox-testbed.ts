/**
 * A warm two-worker pool and a local HTTP server for a test file, started before and closed after.
 * The server's loopback host:port is on the operator allow-list (ATELIER_EGRESS_ALLOW) meanwhile.
 */
import { afterAll, beforeAll } from "vitest";
import { SandboxPool } from "../worker-pool";
import { allowLoopbackEgress } from "./allow-egress";
import { startLocalServer, type LocalServer } from "./local-server";

export interface SandboxTestbed {
  readonly pool: SandboxPool;
  readonly server: LocalServer;
}

export function startSandboxTestbed(): SandboxTestbed {
  let pool: SandboxPool | undefined;
  let server: LocalServer | undefined;
  let restoreAllowList: (() => void) | undefined;
  beforeAll(async () => {
    pool = new SandboxPool({ size: 2 });
    await pool.warmup();
    server = await startLocalServer();
    restoreAllowList = allowLoopbackEgress(server.port);
  });
  afterAll(async () => {
    restoreAllowList?.();
    await pool?.close();
    await server?.close();
  });
  return {
    get pool() {
      return pool!;
    },
    get server() {
      return server!;
    },
  };
}
