import { describe, expect, it, vi } from "vitest";

describe("processSingleton", () => {
  it("is one instance per process, even when the module is loaded twice (as Next.js route bundles do)", async () => {
    const first = await import("./process-singleton");
    let made = 0;
    const a = first.processSingleton("test.counter", () => ({ n: ++made }));
    vi.resetModules();
    const second = await import("./process-singleton");
    expect(second).not.toBe(first);
    expect(second.processSingleton("test.counter", () => ({ n: ++made }))).toBe(a);
    expect(made).toBe(1);
    second.dropProcessSingleton("test.counter");
    expect(first.processSingleton("test.counter", () => ({ n: ++made }))).toEqual({ n: 2 });
    first.dropProcessSingleton("test.counter");
  });
});
