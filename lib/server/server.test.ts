import { afterAll, describe, expect, it, vi } from "vitest";
import { closeServer, server } from "./server";

afterAll(() => closeServer());

describe("the composition root", () => {
  it("is one per process even when its module is loaded twice (Next.js bundles routes apart)", async () => {
    const first = await import("./server");
    const a = first.server();
    vi.resetModules();
    const second = await import("./server");
    expect(second).not.toBe(first);
    expect(second.server()).toBe(a);
    // Everything it holds is the same object, whichever copy asks.
    expect(second.server().sandbox).toBe(a.sandbox);
    expect(second.server().analyser).toBe(a.analyser);
    expect(second.server().limits.signIn).toBe(a.limits.signIn);
    expect(second.server().runtime).toBe(a.runtime);
    await second.closeServer();
    expect(first.server()).not.toBe(a);
  });

  it("builds its parts once, lazily, and wires the runtime to them", () => {
    const s = server();
    expect(s.runtime).toBe(s.runtime);
    expect(s.runtime.db).toBe(s.db);
    expect(s.runtime.bus).toBe(s.bus);
    expect(s.runtime.logger).toBe(s.logger);
    expect(s.passwords).toBe(server().passwords);
  });

  it("follows DATABASE_URL (tests switch databases): a new database keeps the process's parts", () => {
    const before = server();
    const previous = process.env.DATABASE_URL;
    process.env.DATABASE_URL = "file:/tmp/atelier-root-test-other.db";
    try {
      const after = server();
      expect(after).not.toBe(before);
      expect(after.database.url).toBe("file:/tmp/atelier-root-test-other.db");
      expect(after.logger).toBe(before.logger);
      expect(after.limits).toBe(before.limits);
      expect(after.bus).toBe(before.bus);
    } finally {
      if (previous === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = previous;
    }
  });
});
