/**
 * The architecture's import rules (docs/architecture.md, "Layers"), checked by `npm test`:
 *   app -> components -> (HTTP) -> app/api -> lib; lib never imports React or Next;
 *   components never import server code (type-only imports of lib's shapes are allowed, and
 *   browser-safe lib modules named *.shared.ts, which import only zod and other shared modules);
 *   inside lib the domains point one way: tools (the leaf) <- sandbox; db <- auth <- models <-
 *   agents; runs may use all of them and only routes and workers use runs; lib/errors.ts imports
 *   nothing, so every domain may throw its errors.
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
      comment: "lib/tools is the leaf domain: the definition engine knows no storage, sandbox, model or agent.",
      severity: "error",
      from: { path: "^lib/tools/" },
      to: { path: "^lib/", pathNot: ["^lib/tools/", LIB_ERRORS] },
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
      name: "only-routes-and-workers-use-runs",
      comment:
        "lib/runs may use every domain; nothing but app/api routes, workers and scripts uses lib/runs (components may import the shapes it answers with, type-only).",
      severity: "error",
      from: { pathNot: "^(lib/runs/|lib/server/|app/api/|lib/workers/|workers/|scripts/)" },
      to: { path: "^lib/runs/", dependencyTypesNot: ["type-only"] },
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
