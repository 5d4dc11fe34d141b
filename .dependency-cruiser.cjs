/**
 * The architecture's import rules (DESIGN §3), checked by `npm test`:
 *   app -> components -> (HTTP) -> app/api -> lib; lib never imports React or Next;
 *   components never import server code (type-only imports of lib's shapes are allowed, and
 *   browser-safe lib modules named *.shared.ts, which themselves import only other shared modules);
 *   lib/tools uses nothing of lib/runs.
 */
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
      comment: "lib/**/*.shared.ts may be imported by components, so it imports nothing but other shared modules.",
      severity: "error",
      from: { path: "\\.shared\\.ts$" },
      to: { pathNot: "\\.shared\\.ts$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "tools-do-not-use-runs",
      severity: "error",
      from: { path: "^lib/tools/" },
      to: { path: "^lib/runs/" },
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
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "types"] },
  },
};
