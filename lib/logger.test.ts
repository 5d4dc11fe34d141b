import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, logLevel } from "./logger";

function capture() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, destination };
}

describe("logger", () => {
  it("writes JSON lines with level, message and the context of its children", () => {
    const { lines, destination } = capture();
    const log = createLogger({ level: "info", destination });
    log.child({ runId: "run_1" }).error({ err: new Error("boom") }, "the run failed");
    log.debug("not at this level");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, msg: "the run failed", runId: "run_1", app: "atelier" });
    expect(lines[0].err).toMatchObject({ type: "Error", message: "boom" });
  });

  it("takes its level from ATELIER_LOG_LEVEL, ignoring unknown values", () => {
    expect(logLevel({ ATELIER_LOG_LEVEL: "debug", NODE_ENV: "production" })).toBe("debug");
    expect(logLevel({ ATELIER_LOG_LEVEL: "loud", NODE_ENV: "production" })).toBe("info");
    expect(logLevel({ NODE_ENV: "test" })).toBe("warn");
  });
});
