import ts from "typescript";
import { describe, expect, it } from "vitest";
import { ATELIER_MODULE_DTS } from "./atelier-module";

/** Type-check a program of the atelier module plus one file, with the given libs. */
function check(source: string, lib: string[]): string[] {
  const files: Record<string, string> = { "/node_modules/atelier/index.d.ts": ATELIER_MODULE_DTS, "/main.ts": source };
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    lib,
    types: [],
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    module: ts.ModuleKind.ESNext,
  };
  const host = ts.createCompilerHost(options);
  const read = host.readFile.bind(host);
  const exists = host.fileExists.bind(host);
  host.readFile = (f) => files[f] ?? read(f);
  host.fileExists = (f) => f in files || exists(f);
  const dirExists = host.directoryExists?.bind(host);
  host.directoryExists = (d) =>
    d === "/node_modules" || d === "/node_modules/atelier" || (dirExists ? dirExists(d) : false);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (f, v) => (f in files ? ts.createSourceFile(f, files[f], v) : getSourceFile(f, v));
  const program = ts.createProgram(["/main.ts", "/node_modules/atelier/index.d.ts"], options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
}

const USE = `import { tool, type RunContext, type Int } from "atelier";
export default tool({ sideEffecting: false }, async function f(n: Int = 3, ctx?: RunContext) {
  console.log(n);
  const r = await ctx?.fetch("https://example.com");
  return (await r?.json()) ?? ctx?.scope.conversationId;
});
`;

describe("ATELIER_MODULE_DTS", () => {
  it("type-checks on its own (the analyser's lib: ES2022, no DOM)", () => {
    expect(check(USE, ["lib.es2022.d.ts"])).toEqual([]);
  });

  it("merges with the DOM lib, as in the editor (console declared compatibly)", () => {
    expect(check(USE, ["lib.es2022.d.ts", "lib.dom.d.ts"])).toEqual([]);
  });

  it("types connections, availableWhen and the run context's connections, context and user", () => {
    const source = `import { tool, type RunContext } from "atelier";
export default tool(
  { sideEffecting: false, connections: ["weather"] as const, availableWhen: { any: [{ role: "operator" }, { context: "plan", in: ["pro", 2] }] } },
  async function f(city: string, ctx: RunContext<"weather">) {
    const region: string = ctx.connections.weather.region;
    const plan: string | number | boolean = ctx.context.plan;
    const roles: string[] = ctx.user?.roles ?? [];
    return [city, region, plan, ...roles, ctx.user?.id].join(" ");
  },
);
`;
    expect(check(source, ["lib.es2022.d.ts"])).toEqual([]);
    const wrong = check(
      source
        .replace('{ role: "operator" }', '{ role: "superuser" }')
        .replace("connections.weather", "connections.billing"),
      ["lib.es2022.d.ts"],
    ).join("\n");
    expect(wrong).toContain("'\"superuser\"' is not assignable");
    expect(wrong).toContain("Property 'billing' does not exist");
  });

  it("requires sideEffecting in ToolOptions", () => {
    expect(
      check(`import { tool } from "atelier";\nexport default tool({}, () => 1);`, ["lib.es2022.d.ts"]).join("\n"),
    ).toContain("Property 'sideEffecting' is missing");
  });
});
