/**
 * The architecture's import rules (docs/architecture.md, "Layers"), checked by `npm test`:
 *   app -> components -> (HTTP) -> app/api -> lib; lib never imports React or Next;
 *   components never import server code (type-only imports of lib's shapes are allowed, and
 *   browser-safe lib modules named *.shared.ts, which import only zod and other shared modules);
 *   inside lib the domains point one way: tools (the leaf) <- sandbox; db <- auth <- models <-
 *   agents; events and mcp sit below runs; lib/runs/engine is pure (no database, queue, runtime,
 *   use case or read model); only the edge (routes, the composition root, the MCP endpoint) uses
 *   lib/runs; lib/errors.ts and lib/logger.ts are neutral, so every domain may use them.
 */
/** The neutral modules every layer may import: the error model and the logger's interface. */
const LIB_ERRORS = "^lib/(errors|logger)\\.ts$";

module.exports = {
  forbidden: [
    {
      name: "lib-is-framework-free",
      comment: "lib/ is the engine: no React, no Next.",
      severity: "error",
      from: { path: "^lib/" },
      to: { path: "node_modules/(@types/)?(react|react-dom|next|@tanstack/react-query)(/|$)" },
    },
    {
      name: "lib-does-not-import-app-or-components",
      severity: "error",
      from: { path: "^lib/" },
      to: { path: "^(app|components)/" },
    },
    {
      name: "components-never-import-server-code",
      comment: "Components reach the server over HTTP; only type-only imports of lib's shapes are allowed.",
      severity: "error",
      from: { path: "^components/", pathNot: "\\.test\\.tsx?$" },
      to: { path: "^(lib/|app/api/)", pathNot: "\\.shared\\.ts$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "shared-modules-are-browser-safe",
      comment:
        "lib/**/*.shared.ts may be imported by components, so it imports nothing but zod and other shared modules.",
      severity: "error",
      from: { path: "\\.shared\\.ts$" },
      to: { pathNot: ["\\.shared\\.ts$", "node_modules/zod/"], dependencyTypesNot: ["type-only"] },
    },
    {
      name: "errors-module-imports-nothing",
      comment: "lib/errors.ts (the error model) is neutral: every layer may import it.",
      severity: "error",
      from: { path: "^lib/errors\\.ts$" },
      to: {},
    },
    {
      name: "logger-imports-only-pino",
      comment: "lib/logger.ts is neutral too: every layer may import it; it wraps pino and nothing else.",
      severity: "error",
      from: { path: "^lib/logger\\.ts$" },
      to: { pathNot: "node_modules/pino/" },
    },
    {
      name: "only-the-edge-asks-for-the-server",
      comment:
        "lib/server is the composition root: routes (through lib/api's defineRoute), pages, workers, scripts, benchmarks, instrumentation.ts and tests ask for it; the domains receive what it built as arguments.",
      severity: "error",
      from: {
        pathNot: ["^(app/|lib/api/|lib/server/|scripts/|bench/|e2e/)", "^instrumentation\\.ts$", "\\.test\\.ts$"],
      },
      to: { path: "^lib/server/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "tools-import-no-other-domain",
      comment:
        "lib/tools is the leaf domain: the definition engine knows no storage, sandbox, model or agent. It may name the studio's roles (lib/auth/roles.shared.ts, a list of words) for `availableWhen: {role}`.",
      severity: "error",
      from: { path: "^lib/tools/" },
      to: { path: "^lib/", pathNot: ["^lib/tools/", LIB_ERRORS, "^lib/auth/roles\\.shared\\.ts$"] },
    },
    {
      name: "sandbox-uses-only-tools",
      severity: "error",
      from: { path: "^lib/sandbox/" },
      to: { path: "^lib/", pathNot: ["^lib/(sandbox|tools)/", LIB_ERRORS] },
    },
    {
      name: "db-is-the-bottom-layer",
      comment: "lib/db holds the client, migrations and read models; it may know the tool shapes, nothing above it.",
      severity: "error",
      from: { path: "^lib/db/" },
      to: { path: "^lib/", pathNot: ["^lib/(db|tools)/", LIB_ERRORS] },
    },
    {
      name: "auth-uses-only-db",
      severity: "error",
      from: { path: "^lib/auth/" },
      to: { path: "^lib/", pathNot: ["^lib/(auth|db)/", LIB_ERRORS] },
    },
    {
      name: "models-do-not-import-agents",
      comment: "Agents compose models, not the reverse: the model config lives in lib/models.",
      severity: "error",
      from: { path: "^lib/models/" },
      to: { path: "^lib/(agents|tool-store|demo)/" },
    },
    {
      name: "only-the-edge-uses-runs",
      comment:
        "lib/runs may use every domain; nothing but app/api routes, the composition root and lib/api (the route wrapper, the MCP endpoint's calls into runs) uses lib/runs. Its browser-safe *.shared.ts wire shapes may be imported by every layer, and components may import the shapes it answers with, type-only.",
      severity: "error",
      from: { pathNot: "^(lib/runs/|lib/server/|lib/mcp/serve/|app/api/)" },
      to: { path: "^lib/runs/", pathNot: "\\.shared\\.ts$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "runs-engine-is-pure",
      comment:
        "lib/runs/engine is the run loop and what it is made of: it talks to its ports (engine/ports.ts) and imports no database, queue, runtime, use case or read model (type-only imports included), so the scenario tests run it on an in-memory store.",
      severity: "error",
      from: { path: "^lib/runs/engine/", pathNot: "\\.test\\.ts$" },
      to: {
        path: [
          "^lib/runs/(use-cases|infra|read-models|testing)/",
          "^lib/(db|server|auth|tool-store|demo|api)/",
          "^lib/events/(event-writer|event-bus|pg-fanout|stored-event)\\.ts$",
          "node_modules/(pg-boss|pg|@prisma/[^/]+|better-sqlite3)/",
        ],
        pathNot: "\\.shared\\.ts$",
      },
    },
    {
      name: "runs-use-cases-and-read-models-do-not-reach-into-each-other",
      comment: "Read models only read: they never import a use case (the use cases may read through them).",
      severity: "error",
      from: { path: "^lib/runs/read-models/", pathNot: "\\.test\\.ts$" },
      to: { path: "^lib/runs/use-cases/" },
    },
    {
      name: "events-use-only-db-and-models",
      comment:
        "lib/events holds the event types, the batched writer, the bus and the usage pricing: it may use lib/db, lib/models' prices, lib/prices' custom price entries and the browser-safe wire shapes of lib/runs, nothing above.",
      severity: "error",
      from: { path: "^lib/events/", pathNot: "\\.test\\.ts$" },
      to: {
        path: "^lib/",
        pathNot: ["^lib/(events|db|tools|prices)/", "^lib/models/", "\\.shared\\.ts$", LIB_ERRORS],
      },
    },
    {
      name: "telemetry-uses-db-events-and-the-egress-policy",
      comment:
        "lib/telemetry (OpenTelemetry export) reads runs' rows and events (lib/db, lib/events) and checks its endpoint with lib/sandbox's egress policy; the run runtime and the composition root call it, never the other way.",
      severity: "error",
      from: { path: "^lib/telemetry/", pathNot: "\\.test\\.ts$" },
      to: { path: "^lib/", pathNot: ["^lib/(telemetry|db|events|sandbox)/", "^lib/logger\\.ts$", LIB_ERRORS] },
    },
    {
      name: "prices-use-only-auth-and-db",
      comment:
        "lib/prices (custom model prices) sits below lib/events, which prices usage with it: it may use lib/auth (audit, roles) and lib/db, nothing above.",
      severity: "error",
      from: { path: "^lib/prices/", pathNot: "\\.test\\.ts$" },
      to: { path: "^lib/", pathNot: ["^lib/(prices|auth|db)/", LIB_ERRORS] },
    },
    {
      name: "evals-use-the-domains-below-runs",
      comment:
        "lib/evals (datasets of cases, expectation verdicts) may use auth, db, tools (the JSON Schema check), events' shared shapes and the studio's one CSV writer (lib/api/csv.shared.ts); never lib/runs beyond its browser-safe *.shared.ts wire shapes, nor the rest of api, server or demo.",
      severity: "error",
      from: { path: "^lib/evals/", pathNot: "\\.test\\.ts$" },
      to: {
        path: "^lib/",
        pathNot: [
          "^lib/(evals|auth|db|tools)/",
          "^lib/events/.*\\.shared\\.ts$",
          "^lib/runs/.*\\.shared\\.ts$",
          "^lib/api/csv\\.shared\\.ts$",
          LIB_ERRORS,
        ],
      },
    },
    {
      name: "webhooks-use-the-domains-below-runs",
      comment:
        "lib/webhooks (outgoing webhooks: endpoints, signing, deliveries) may use auth (the secret box, audit), db, sandbox (the egress policy) and budgets' alert shape; lib/runs reports to it, never the reverse.",
      severity: "error",
      from: { path: "^lib/webhooks/", pathNot: "\\.test\\.ts$" },
      to: {
        path: "^lib/",
        pathNot: ["^lib/(webhooks|auth|db|sandbox|budgets)/", "\\.shared\\.ts$", LIB_ERRORS],
      },
    },
    {
      name: "mcp-is-below-runs-and-agents",
      comment:
        "lib/mcp (import, connections, the MCP client) sits beside lib/models: it may use auth, db, sandbox (egress), tools and events; the runs engine and agents use it, not the reverse. Its /api/mcp endpoint (lib/mcp/serve) is an edge and may call into lib/runs.",
      severity: "error",
      from: { path: "^lib/mcp/", pathNot: ["^lib/mcp/serve/", "\\.test\\.ts$"] },
      to: { path: "^lib/(agents|tool-store|demo|runs|server|api)/", pathNot: "\\.shared\\.ts$" },
    },
    {
      name: "canvas-uses-the-configuration-domains",
      comment:
        "lib/canvas (the agent canvas: the workspace's graph, wiring edits, positions, the save) is a view of the configuration: it may use agents, tools, skills, mcp, connections, db and auth, and any domain's browser-safe *.shared.ts shapes (runs' and events' included) — never runs' use cases, read models or infra, nor server, api or demo.",
      severity: "error",
      from: { path: "^lib/canvas/", pathNot: "\\.test\\.ts$" },
      to: {
        path: "^lib/",
        pathNot: ["^lib/(canvas|agents|tools|skills|mcp|connections|db|auth)/", "\\.shared\\.ts$", LIB_ERRORS],
      },
    },
    {
      name: "only-the-edge-uses-the-canvas",
      comment:
        "Nothing in lib/ below the edge builds on the canvas: routes (app/api) call it, components use its *.shared.ts modules.",
      severity: "error",
      from: { path: "^lib/", pathNot: ["^lib/(canvas|server|api)/", "\\.test\\.ts$"] },
      to: { path: "^lib/canvas/", pathNot: "\\.shared\\.ts$" },
    },
    {
      name: "api-is-the-route-edge",
      comment:
        "lib/api is the route wrapper, the error responses and the HTTP contracts; nothing in lib/ but the composition root and the MCP endpoint imports it (contracts are shared modules, importable by components).",
      severity: "error",
      from: { path: "^lib/", pathNot: ["^lib/(api|server|mcp/serve)/", "\\.test\\.ts$"] },
      to: { path: "^lib/api/", pathNot: "\\.shared\\.ts$" },
    },
    {
      name: "demo-is-content",
      comment:
        "lib/demo is the demo workspace's content, saved through the stores: nothing in lib/ but the composition root, the database seed and the run engine's tests imports it.",
      severity: "error",
      from: { path: "^lib/", pathNot: ["^lib/(demo|server|db/seed-demo)", "\\.test\\.ts$", "/testing/"] },
      to: { path: "^lib/demo/" },
    },
    {
      name: "no-circular",
      severity: "error",
      from: { path: "^(lib|components)/" },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(\\.next|lib/db/generated)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
    },
  },
};
