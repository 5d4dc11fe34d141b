/**
 * A tiny HTTP server on 127.0.0.1 for the sandbox's fetch tests (loopback only).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";

export interface LocalServer {
  port: number;
  origin: string;
  /** Requests seen: method and path. */
  seen: Array<{ method: string; path: string; headers: http.IncomingHttpHeaders; body: string }>;
  close(): Promise<void>;
}

export async function startLocalServer(): Promise<LocalServer> {
  const seen: LocalServer["seen"] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      seen.push({
        method: req.method ?? "",
        path: url.pathname + url.search,
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      });
      const p = url.pathname;
      if (p === "/json") {
        res.setHeader("content-type", "application/json");
        res.setHeader("x-test", "yes");
        res.end(JSON.stringify({ n: Number(url.searchParams.get("n") ?? 0), hello: "world" }));
      } else if (p === "/echo") {
        res.setHeader("content-type", "application/json");
        res.end(
          JSON.stringify({
            method: req.method,
            body: Buffer.concat(chunks).toString(),
            auth: req.headers.authorization ?? null,
          }),
        );
      } else if (p === "/redirect-local") {
        res.statusCode = 302;
        res.setHeader("location", `/json?n=7`);
        res.end();
      } else if (p === "/redirect-metadata") {
        res.statusCode = 302;
        res.setHeader("location", "http://169.254.169.254/latest/meta-data/");
        res.end();
      } else if (p === "/redirect-other-port") {
        res.statusCode = 307;
        res.setHeader("location", `http://127.0.0.1:${Number(url.searchParams.get("port"))}/json`);
        res.end();
      } else if (p === "/redirect-loop") {
        res.statusCode = 302;
        res.setHeader("location", "/redirect-loop");
        res.end();
      } else if (p === "/big") {
        res.end("x".repeat(Number(url.searchParams.get("bytes") ?? 1000)));
      } else if (p === "/gzip") {
        res.setHeader("content-encoding", "gzip");
        res.end(zlib.gzipSync("y".repeat(Number(url.searchParams.get("bytes") ?? 1000))));
      } else if (p === "/slow") {
        setTimeout(() => res.end("late"), Number(url.searchParams.get("ms") ?? 2000));
      } else {
        res.statusCode = 404;
        res.end("not found");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
