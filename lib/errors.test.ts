import { describe, expect, it, vi } from "vitest";
import {
  AppError,
  BrandedError,
  ConflictError,
  NotFoundError,
  RetryLaterError,
  RUN_ERROR_TYPES,
  runErrorType,
} from "./errors";

/** A second, independent copy of lib/errors.ts, as Next.js loads it for instrumentation.ts and a route. */
async function secondCopy(): Promise<typeof import("./errors")> {
  vi.resetModules();
  return import("./errors");
}

describe("BrandedError.is recognises errors across module copies", () => {
  it("an error from another copy of the module is not instanceof, but is recognised by its brand", async () => {
    const other = await secondCopy();
    expect(other.AppError).not.toBe(AppError);
    const err = new other.NotFoundError("no agent");
    // The live bug: instanceof fails across copies.
    // eslint-disable-next-line no-restricted-syntax -- shows why the brand exists
    expect(err instanceof AppError).toBe(false);
    expect(AppError.is(err)).toBe(true);
    expect(NotFoundError.is(err)).toBe(true);
    expect(BrandedError.is(err)).toBe(true);
  });

  it("a class recognises its subclasses, never its parent or siblings", () => {
    const busy = new RetryLaterError("wait", 1);
    expect(RetryLaterError.is(busy)).toBe(true);
    expect(AppError.is(busy)).toBe(true);
    expect(NotFoundError.is(busy)).toBe(false);
    expect(ConflictError.is(new AppError("conflict", "x"))).toBe(false);
  });

  it("plain errors, look-alikes and non-objects are not ours", () => {
    expect(AppError.is(new Error("x"))).toBe(false);
    expect(AppError.is({ name: "AppError", code: "not_found", message: "x" })).toBe(false);
    expect(AppError.is(null)).toBe(false);
    expect(AppError.is("AppError")).toBe(false);
  });

  it("the name is the class's kind (minification-safe), and code and details stay", () => {
    const err = new ConflictError("taken", { field: "name" });
    expect([err.name, err.code, err.details]).toEqual(["ConflictError", "conflict", { field: "name" }]);
  });
});

describe("runErrorType: RunFinished.error.type is a closed list", () => {
  it("keeps the names of the table and of the AI SDK, and calls anything else Error", () => {
    const named = (name: string) => Object.assign(new Error("x"), { name });
    expect(runErrorType(named("RunCancelledError"))).toBe("RunCancelledError");
    expect(runErrorType(named("ModelFallbackError"))).toBe("ModelFallbackError");
    expect(runErrorType(named("AI_APICallError"))).toBe("AI_APICallError");
    expect(runErrorType(new TypeError("x is not a function"))).toBe("Error");
    expect(runErrorType(named("constructor"))).toBe("Error");
    expect(runErrorType("a string")).toBe("Error");
  });

  it("every type in the table says what it means", () => {
    for (const [type, meaning] of Object.entries(RUN_ERROR_TYPES)) expect(meaning.length, type).toBeGreaterThan(10);
  });
});
