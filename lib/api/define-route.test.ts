import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from "vitest";
import { z } from "zod";
import { defineRoute } from "./define-route";
import { authenticateAs } from "./testing/authenticate-as";
import type { Principal } from "../auth/roles";
import { AppError, ConflictError, NotFoundError } from "../errors";
import { routeMethods } from "./route-methods";
import { endpoint } from "./contract.shared";
import type { Logger } from "../logger";
import { server } from "../server/server";

const json = async (res: Response) => ({ status: res.status, body: await res.json() });

/** What the route wrapper logs, through the composition root's logger (no output in the test's console). */
function captureRouteLogs() {
  const logged: Array<{ context: Record<string, unknown>; fields: Record<string, unknown>; message: string }> = [];
  vi.spyOn(server().logger, "child").mockImplementation(
    (context) =>
      ({
        error: (fields: Record<string, unknown>, message: string) => logged.push({ context, fields, message }),
      }) as unknown as Logger,
  );
  return logged;
}

function post(body: string, headers: Record<string, string> = { "content-type": "application/json" }) {
  return new Request("http://localhost/api/x", { method: "POST", body, headers });
}

const ADMIN = { kind: "system" as const, id: "t", name: "test admin", roles: ["admin" as const] };
beforeEach(() => authenticateAs(ADMIN));
afterEach(() => vi.restoreAllMocks());

describe("defineRoute", () => {
  const echo = defineRoute(
    { access: ["author"], body: z.object({ name: z.string().min(1), count: z.number().int() }), maxBodyBytes: 64 },
    ({ body }) => ({ got: body }),
  );

  it("parses the body and answers the handler's value as JSON", async () => {
    expect(await json(await echo(post('{"name":"a","count":2}')))).toEqual({
      status: 200,
      body: { got: { name: "a", count: 2 } },
    });
  });

  it("answers 400 validation_error naming every failing field", async () => {
    const { status, body } = await json(await echo(post('{"name":"","count":1.5}')));
    expect(status).toBe(400);
    expect(body.error.code).toBe("validation_error");
    expect(body.error.issues.map((i: { path: string }) => i.path)).toEqual(["name", "count"]);
    expect(body.error.message).toMatch(/^name: /);
  });

  it("answers 400 invalid_json for malformed JSON and for an empty body", async () => {
    const bad = await json(await echo(post('{"name":')));
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("invalid_json");
    expect(bad.body.error.message).toMatch(/^The request body is not valid JSON/);
    const empty = await json(await echo(post("")));
    expect(empty.body.error).toMatchObject({
      code: "invalid_json",
      message: "The request body is empty; send a JSON object.",
    });
  });

  it("answers 413 when the body is over the limit, by header or by streamed size", async () => {
    const big = JSON.stringify({ name: "x".repeat(100), count: 1 });
    const declared = await json(await echo(post(big)));
    expect(declared).toEqual({
      status: 413,
      body: {
        error: {
          code: "payload_too_large",
          message: "Request body is larger than the 64 bytes limit of this route.",
          limitBytes: 64,
        },
      },
    });
    const stream = new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode(big));
        c.close();
      },
    });
    const req = new Request("http://localhost/api/x", {
      method: "POST",
      body: stream,
      headers: { "content-type": "application/json" },
      duplex: "half",
    } as RequestInit);
    expect((await echo(req)).status).toBe(413);
  });

  it("answers 415 for a body that is not JSON", async () => {
    const res = await json(await echo(post("name=a", { "content-type": "text/plain" })));
    expect(res.status).toBe(415);
    expect(res.body.error.code).toBe("unsupported_media_type");
  });

  it("maps thrown API errors to their status and code", async () => {
    const missing = defineRoute({ access: "public" }, () => {
      throw new NotFoundError("Tool 't1' does not exist.", { id: "t1" });
    });
    expect(await json(await missing(new Request("http://localhost/")))).toEqual({
      status: 404,
      body: { error: { code: "not_found", message: "Tool 't1' does not exist.", id: "t1" } },
    });
    const conflict = defineRoute({ access: "public" }, () => {
      throw new ConflictError("Already decided.");
    });
    expect((await conflict(new Request("http://localhost/"))).status).toBe(409);
  });

  it("maps domain errors by their code through the one table", async () => {
    class ModelSwitchError extends AppError {
      static override readonly kind: string = "ModelSwitchError";
      constructor(message: string) {
        super("ModelSwitchError", message, { available: ["openai:gpt-4o"] });
      }
    }
    const route = defineRoute({ access: "public" }, () => {
      throw new ModelSwitchError("unknown key");
    });
    expect(await json(await route(new Request("http://localhost/")))).toEqual({
      status: 409,
      body: { error: { code: "ModelSwitchError", message: "unknown key", available: ["openai:gpt-4o"] } },
    });
  });

  it("does not map an error by its class name", async () => {
    // eslint-disable-next-line no-restricted-syntax -- an error that is not ours, on purpose
    class ModelSwitchError extends Error {
      override name = "ModelSwitchError";
    }
    const route = defineRoute({ access: "public" }, () => {
      throw new ModelSwitchError("unknown key");
    });
    captureRouteLogs();
    expect((await route(new Request("http://localhost/"))).status).toBe(500);
  });

  it("answers 500 without a stack trace for anything unexpected", async () => {
    const route = defineRoute({ access: "public" }, () => {
      throw new Error("secret internals at /srv/app/lib/x.ts:12");
    });
    const logged = captureRouteLogs();
    const { status, body } = await json(
      await route(new Request("http://localhost/api/x", { headers: { "x-request-id": "req-42" } })),
    );
    expect(status).toBe(500);
    expect(body).toEqual({
      error: {
        code: "internal_error",
        message: "Something went wrong on the server; the error was logged (request req-42).",
        requestId: "req-42",
      },
    });
    expect(JSON.stringify(body)).not.toContain("secret");
    // One structured line, with the request id and the error itself (its stack stays in the log).
    expect(logged).toHaveLength(1);
    expect(logged[0].context).toEqual({ requestId: "req-42" });
    expect(logged[0].fields).toMatchObject({ method: "GET", path: "/api/x" });
    expect((logged[0].fields.err as Error).message).toContain("secret internals");
  });

  it("gives a 500 a request id of its own when the caller sent none (or an unusable one)", async () => {
    captureRouteLogs();
    const route = defineRoute({ access: "public" }, () => {
      throw new Error("boom");
    });
    const { body } = await json(
      await route(new Request("http://localhost/", { headers: { "x-request-id": "bad id with spaces" } })),
    );
    expect(body.error.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("answers 401 without a principal and 403 without the role", async () => {
    authenticateAs(null);
    expect((await json(await echo(post('{"name":"a","count":1}')))).body.error.code).toBe("unauthorized");
    authenticateAs({ kind: "user", id: "u", name: "v", roles: ["viewer"] });
    const res = await json(await echo(post('{"name":"a","count":1}')));
    expect(res).toEqual({
      status: 403,
      body: {
        error: { code: "forbidden", message: "This action needs one of the roles: author.", requiredRoles: ["author"] },
      },
    });
  });

  it("parses route params and the query string", async () => {
    const route = defineRoute(
      {
        access: "public",
        params: z.object({ id: z.string().min(3) }),
        query: z.object({ limit: z.coerce.number().max(10) }),
      },
      ({ params, query }) => ({ id: params.id, limit: query.limit }),
    );
    const ok = await route(new Request("http://localhost/x?limit=5"), { params: Promise.resolve({ id: "abc" }) });
    expect(await ok.json()).toEqual({ id: "abc", limit: 5 });
    const bad = await json(
      await route(new Request("http://localhost/x?limit=50"), { params: Promise.resolve({ id: "abc" }) }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.issues[0].path).toBe("limit");
  });

  it("types the principal non-null when the route lists roles, nullable on a public route", () => {
    defineRoute({ access: ["author"] }, ({ principal }) => {
      expectTypeOf(principal).toEqualTypeOf<Principal>();
    });
    defineRoute({ access: "public" }, ({ principal }) => {
      expectTypeOf(principal).toEqualTypeOf<Principal | null>();
    });
  });
});

describe("routeMethods", () => {
  it("answers a JSON 405 with Allow for every method the route does not define", async () => {
    const route = routeMethods({ GET: defineRoute({ access: "public" }, () => ({ ok: true })) });
    expect(await (await route.GET(new Request("http://localhost/"))).json()).toEqual({ ok: true });
    const refused = await route.DELETE(new Request("http://localhost/", { method: "DELETE" }));
    expect(refused.status).toBe(405);
    expect(refused.headers.get("allow")).toBe("GET");
    expect(await refused.json()).toEqual({
      error: { code: "method_not_allowed", message: "DELETE is not allowed here; allowed: GET", allowed: ["GET"] },
    });
  });
});

describe("defineRoute with a contract", () => {
  const contract = endpoint({
    method: "POST",
    path: "/api/things/:id",
    params: z.object({ id: z.string().min(1) }),
    body: z.object({ name: z.string().min(1, "name must not be empty") }),
    response: z.object({ thing: z.object({ id: z.string(), name: z.string(), size: z.number().int() }) }),
    status: 201,
  });
  const call = (route: ReturnType<typeof defineRoute>, body: unknown, method = "POST") =>
    route(
      new Request("http://localhost/api/things/t1", {
        method,
        body: JSON.stringify(body),
        headers: { "content-type": "application/json" },
      }),
      { params: Promise.resolve({ id: "t1" }) },
    );

  it("parses params and body with the contract's schemas and answers the contract's status", async () => {
    const route = defineRoute(contract, { access: ["author"] }, ({ params, body }) => {
      expectTypeOf(params.id).toEqualTypeOf<string>();
      expectTypeOf(body.name).toEqualTypeOf<string>();
      return { thing: { id: params.id, name: body.name, size: 3 } };
    });
    expect(await json(await call(route, { name: "box" }))).toEqual({
      status: 201,
      body: { thing: { id: "t1", name: "box", size: 3 } },
    });
    const bad = await json(await call(route, { name: "" }));
    expect([bad.status, bad.body.error.code, bad.body.error.message]).toEqual([
      400,
      "validation_error",
      "name: name must not be empty",
    ]);
  });

  it("outside production, an answer outside the contract is a 500 naming the field", async () => {
    captureRouteLogs();
    // The compiler refuses this handler; the cast stands for a handler whose data drifted at run time.
    const route = defineRoute(
      contract,
      { access: ["author"] },
      () => ({ thing: { id: "t1", name: "box", size: 1.5 } }) as never,
    );
    const { status, body } = await json(await call(route, { name: "box" }));
    expect(status).toBe(500);
    expect(body.error.code).toBe("internal_error");
    expect(body.error.message).toContain("POST /api/things/:id answered outside its contract: thing.size:");
  });

  it("in production, answers are not checked (their CPU belongs to the run path)", async () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.resetModules();
    try {
      const fresh = await import("./define-route");
      const route = fresh.defineRoute(
        contract,
        { access: ["author"] },
        () => ({ thing: { id: "t1", name: "box", size: 1.5 } }) as never,
      );
      expect((await call(route, { name: "box" })).status).toBe(201);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("a route exported under another method than its contract's is a 500, not a silent success", async () => {
    captureRouteLogs();
    const route = defineRoute(contract, { access: ["author"] }, () => ({ thing: { id: "t1", name: "b", size: 1 } }));
    expect((await call(route, { name: "box" }, "PUT")).status).toBe(500);
  });
});
