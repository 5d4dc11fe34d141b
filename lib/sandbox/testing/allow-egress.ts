/**
 * Tests that fetch from a local server must allow it explicitly, as an operator would:
 * adds `127.0.0.1:<port>` and `localhost:<port>` to ATELIER_EGRESS_ALLOW; the returned function
 * restores the previous value.
 */
import { EGRESS_ALLOW_ENV } from "../egress-allow-list";

export function allowLoopbackEgress(...ports: number[]): () => void {
  const before = process.env[EGRESS_ALLOW_ENV];
  const added = ports.flatMap((p) => [`127.0.0.1:${p}`, `localhost:${p}`]);
  process.env[EGRESS_ALLOW_ENV] = [before, ...added].filter(Boolean).join(",");
  return () => {
    if (before === undefined) delete process.env[EGRESS_ALLOW_ENV];
    else process.env[EGRESS_ALLOW_ENV] = before;
  };
}
