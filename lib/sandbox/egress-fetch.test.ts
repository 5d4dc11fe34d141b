import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { egressFetch } from "./egress-fetch";
import { allowLoopbackEgress } from "./testing/allow-egress";
import { startLocalServer, type LocalServer } from "./testing/local-server";

let server: LocalServer;
let other: LocalServer;
let restoreAllowList: () => void;

beforeAll(async () => {
  server = await startLocalServer();
  other = await startLocalServer();
  // The operator allows both local servers (ATELIER_EGRESS_ALLOW); each test's egress still chooses.
  restoreAllowList = allowLoopbackEgress(server.port, other.port);
});
afterAll(async () => {
  restoreAllowList();
  await server.close();
  await other.close();
});

describe("egressFetch", () => {
  it("reaches a listed literal loopback host:port", async () => {
    const res = await egressFetch({ url: `${server.origin}/json?n=3` }, { egress: [`127.0.0.1:${server.port}`] });
    expect(res.status).toBe(200);
    expect(res.headers["x-test"]).toBe("yes");
    expect(JSON.parse(res.body)).toEqual({ n: 3, hello: "world" });
    expect(res.redirected).toBe(false);
  });

  it("reaches localhost:port when listed as such, connecting to the checked address", async () => {
    const res = await egressFetch(
      { url: `http://localhost:${server.port}/json` },
      { egress: [`localhost:${server.port}`] },
    );
    expect(res.status).toBe(200);
  });

  it("sends method, headers and body", async () => {
    const res = await egressFetch(
      {
        url: `${server.origin}/echo`,
        method: "POST",
        headers: { Authorization: "Bearer t", Host: "evil" },
        body: "hi",
      },
      { egress: [`127.0.0.1:${server.port}`] },
    );
    expect(JSON.parse(res.body)).toEqual({ method: "POST", body: "hi", auth: "Bearer t" });
    expect(server.seen.at(-1)?.headers.host).toBe(`127.0.0.1:${server.port}`);
  });

  it("refuses a host that is not in egress", async () => {
    await expect(egressFetch({ url: `${server.origin}/json` }, { egress: ["api.example.com"] })).rejects.toThrow(
      /host '127.0.0.1:\d+' is not in this tool's egress list/,
    );
  });

  it("refuses a listed loopback host:port the operator has not allowed", async () => {
    const third = await startLocalServer();
    try {
      await expect(
        egressFetch({ url: `${third.origin}/json` }, { egress: [`127.0.0.1:${third.port}`, "127.0.0.1"] }),
      ).rejects.toThrow(/loopback address.*ATELIER_EGRESS_ALLOW/);
      expect(third.seen.length).toBe(0);
    } finally {
      await third.close();
    }
  });

  it("refuses the metadata address even when listed", async () => {
    await expect(
      egressFetch(
        { url: "http://169.254.169.254/latest/meta-data/" },
        { egress: ["169.254.169.254:80", "169.254.169.254"] },
      ),
    ).rejects.toThrow(/metadata address, which tools may never reach/);
  });

  it("refuses a DNS name resolving to a private address (no rebinding)", async () => {
    const resolve = async () => [{ address: "127.0.0.1", family: 4 as const }];
    await expect(
      egressFetch(
        { url: `http://api.example.com:${server.port}/json` },
        { egress: [`api.example.com:${server.port}`], resolve },
      ),
    ).rejects.toThrow(/api.example.com \(127.0.0.1\) is a loopback address/);
    const mixed = async () => [
      { address: "93.184.216.34", family: 4 as const },
      { address: "10.0.0.1", family: 4 as const },
    ];
    await expect(
      egressFetch({ url: "http://api.example.com/" }, { egress: ["api.example.com"], resolve: mixed }),
    ).rejects.toThrow(/private address/);
  });

  it("refuses other schemes and credentials in the URL", async () => {
    await expect(egressFetch({ url: "file:///etc/passwd" }, { egress: ["localhost"] })).rejects.toThrow(
      /only http and https/,
    );
    await expect(
      egressFetch({ url: `http://u:p@127.0.0.1:${server.port}/` }, { egress: [`127.0.0.1:${server.port}`] }),
    ).rejects.toThrow(/credentials/);
  });

  it("follows a redirect inside the allowed host, re-checking it", async () => {
    const res = await egressFetch({ url: `${server.origin}/redirect-local` }, { egress: [`127.0.0.1:${server.port}`] });
    expect(res.redirected).toBe(true);
    expect(res.url).toBe(`${server.origin}/json?n=7`);
    expect(JSON.parse(res.body).n).toBe(7);
  });

  it("refuses a redirect to the metadata address or to a host not listed", async () => {
    await expect(
      egressFetch({ url: `${server.origin}/redirect-metadata` }, { egress: [`127.0.0.1:${server.port}`] }),
    ).rejects.toThrow(/169.254.169.254/);
    await expect(
      egressFetch(
        { url: `${server.origin}/redirect-other-port?port=${other.port}` },
        { egress: [`127.0.0.1:${server.port}`] },
      ),
    ).rejects.toThrow(/not in this tool's egress list/);
    expect(other.seen.length).toBe(0);
  });

  it("stops redirect loops", async () => {
    await expect(
      egressFetch({ url: `${server.origin}/redirect-loop` }, { egress: [`127.0.0.1:${server.port}`], maxRedirects: 3 }),
    ).rejects.toThrow(/more than 3 redirects/);
  });

  it("bounds the response size, also after decompression", async () => {
    await expect(
      egressFetch(
        { url: `${server.origin}/big?bytes=5000` },
        { egress: [`127.0.0.1:${server.port}`], maxResponseBytes: 1000 },
      ),
    ).rejects.toThrow(/larger than 1000 bytes/);
    await expect(
      egressFetch(
        { url: `${server.origin}/gzip?bytes=500000` },
        { egress: [`127.0.0.1:${server.port}`], maxResponseBytes: 10_000 },
      ),
    ).rejects.toThrow(/larger than 9.8 KB/);
    const ok = await egressFetch({ url: `${server.origin}/gzip?bytes=100` }, { egress: [`127.0.0.1:${server.port}`] });
    expect(ok.body).toBe("y".repeat(100));
  });

  it("bounds the time", async () => {
    const started = Date.now();
    await expect(
      egressFetch({ url: `${server.origin}/slow?ms=3000` }, { egress: [`127.0.0.1:${server.port}`], timeoutMs: 200 }),
    ).rejects.toThrow(/did not answer within/);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it("aborts when the call ends", async () => {
    const controller = new AbortController();
    const pending = egressFetch(
      { url: `${server.origin}/slow?ms=3000` },
      { egress: [`127.0.0.1:${server.port}`], signal: controller.signal },
    );
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toThrow(/aborted/);
  });
});
