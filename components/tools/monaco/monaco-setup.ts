/**
 * One-time Monaco setup for the Tool Studio: workers bundled from the package (never a CDN), the
 * TypeScript defaults matching the server's analyser (ES2022, no DOM), and the `atelier` module's
 * declarations so completion, hover and types work for `tool`, `RunContext`, `Int`.
 *
 * Markers come from one place only, the server's analysis (definition errors and TypeScript errors,
 * exactly what the problems panel lists), so Monaco's own diagnostics are turned off.
 */
import { monaco, typescript } from "./monaco-lean";

declare global {
  interface Window {
    MonacoEnvironment?: { getWorker(workerId: string, label: string): Worker };
  }
}

/** The marker owner of the server's diagnostics. */
export const MARKER_OWNER = "atelier";

let configured = false;
let typesLoaded: string | null = null;

export function setupMonaco(): typeof monaco {
  if (configured) return monaco;
  configured = true;
  self.MonacoEnvironment = {
    getWorker(_workerId: string, label: string) {
      if (label === "typescript" || label === "javascript") {
        return new Worker(new URL("monaco-editor/language/typescript/ts.worker.js", import.meta.url), {
          type: "module",
          name: label,
        });
      }
      return new Worker(new URL("monaco-editor/editor/editor.worker.js", import.meta.url), {
        type: "module",
        name: label,
      });
    },
  };
  const ts = typescript.typescriptDefaults;
  ts.setCompilerOptions({
    target: typescript.ScriptTarget.ES2020,
    module: typescript.ModuleKind.ESNext,
    moduleResolution: typescript.ModuleResolutionKind.NodeJs,
    lib: ["es2022"],
    types: [],
    strict: true,
    noEmit: true,
    allowNonTsExtensions: true,
    baseUrl: "file:///",
  });
  ts.setDiagnosticsOptions({ noSemanticValidation: true, noSyntaxValidation: true, noSuggestionDiagnostics: true });
  ts.setEagerModelSync(true);
  return monaco;
}

/** Registers the `atelier` module's d.ts (once; the server serves the same text the analyser uses). */
export function registerAtelierTypes(path: string, dts: string): void {
  if (typesLoaded === dts) return;
  typesLoaded = dts;
  typescript.typescriptDefaults.addExtraLib(dts, `file://${path}`);
}

export type Monaco = typeof monaco;
