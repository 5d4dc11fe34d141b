import { describe, expect, it } from "vitest";
import { quotaExcess, readStorageQuota } from "./storage-quota";

describe("quotaExcess", () => {
  const quota = { maxFiles: 3, maxBytes: 100 };

  it("lets a change within both limits pass", () => {
    expect(quotaExcess(quota, { files: 2, bytes: 50 }, { before: null, after: 50 })).toBeNull();
    expect(quotaExcess(quota, { files: 3, bytes: 100 }, { before: 10, after: 10 })).toBeNull();
  });

  it("counts a new file against the file limit, a replaced one not", () => {
    expect(quotaExcess(quota, { files: 3, bytes: 0 }, { before: null, after: 0 })).toEqual({
      limit: "files",
      max: 3,
      wouldBe: 4,
    });
    expect(quotaExcess(quota, { files: 3, bytes: 0 }, { before: 0, after: 5 })).toBeNull();
  });

  it("counts the bytes a change adds, net of what it replaces", () => {
    expect(quotaExcess(quota, { files: 1, bytes: 90 }, { before: 40, after: 51 })).toEqual({
      limit: "bytes",
      max: 100,
      wouldBe: 101,
    });
    expect(quotaExcess(quota, { files: 1, bytes: 90 }, { before: 40, after: 50 })).toBeNull();
  });

  it("never refuses a change that shrinks (a store already over a lowered quota can be cleaned up)", () => {
    expect(quotaExcess(quota, { files: 9, bytes: 900 }, { before: 500, after: 10 })).toBeNull();
    expect(quotaExcess(quota, { files: 9, bytes: 900 }, { before: 10, after: 10 })).toBeNull();
  });
});

describe("readStorageQuota", () => {
  const names = { files: "X_FILES", bytes: "X_BYTES" };
  const defaults = { maxFiles: 10, maxBytes: 1000 };

  it("reads positive integers and falls back to the defaults otherwise", () => {
    expect(readStorageQuota({ X_FILES: "5", X_BYTES: " 2048 " }, names, defaults)).toEqual({
      maxFiles: 5,
      maxBytes: 2048,
    });
    for (const bad of [undefined, "", "0", "-1", "1.5", "1e3", "many"]) {
      expect(readStorageQuota({ X_FILES: bad, X_BYTES: bad }, names, defaults)).toEqual(defaults);
    }
  });
});
