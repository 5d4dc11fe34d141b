/**
 * A cached TypeScript LanguageService holding one virtual file, the tool source, next to the
 * `atelier` module's declarations and the standard library (ENVIRONMENT.md: TypeScript 5.9 API).
 *
 * Warm speed comes from two caches: lib file snapshots (read once per process) and a shared
 * DocumentRegistry (lib files parsed once per process). An edit only bumps the tool file's version;
 * the language service re-parses that one file and builds a new program around the cached rest.
 */
import ts from "typescript";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { ATELIER_MODULE_DTS, ATELIER_MODULE_PATH } from "./atelier-module";

/** The virtual name of the analysed source. */
export const TOOL_FILE_NAME = "/tool.ts";

const LIB_DIR = "/lib/";
/** No DOM: tool bodies run in a sandbox that has none. */
const LIBS = ["lib.es2022.d.ts"];

export const TOOL_COMPILER_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: LIBS,
  types: [],
  strict: true,
  // Ordinary declarations must not fail a valid tool: a class field without an initialiser (a
  // shape for the schema, filled by whoever builds it) is TS2564 under strict otherwise.
  strictPropertyInitialization: false,
  noEmit: true,
  skipLibCheck: true,
  allowJs: false,
  isolatedModules: false,
  noUnusedLocals: false,
};

export interface ToolProgram {
  program: ts.Program;
  checker: ts.TypeChecker;
  sourceFile: ts.SourceFile;
}

export interface ToolLanguageService {
  /** Replace the tool source and return the up-to-date program. */
  update(source: string): ToolProgram;
  /** The service, for editor features (completions, hovers). */
  readonly service: ts.LanguageService;
}

interface Caches {
  snapshots: Map<string, ts.IScriptSnapshot | undefined>;
  registry: ts.DocumentRegistry;
}

let sharedCaches: Caches | null = null;
/**
 * Tool-file versions are unique across the process: services that share a DocumentRegistry
 * share its entry for TOOL_FILE_NAME, and the registry takes an equal version to mean equal text.
 */
let lastVersion = 0;
let sharedService: ToolLanguageService | null = null;
let tsLibDirectory: string | null = null;

/**
 * Where TypeScript's lib files are on disk. `ts.getDefaultLibFilePath` answers from the location
 * of the executing typescript.js, which is wrong if a bundler inlined it (keep `typescript`
 * external in Next.js: `serverExternalPackages`); the project's node_modules is the fallback.
 */
function realLibDirectory(): string {
  if (tsLibDirectory) return tsLibDirectory;
  const candidates: Array<() => string> = [
    () => path.dirname(ts.getDefaultLibFilePath(TOOL_COMPILER_OPTIONS)),
    () => path.join(process.cwd(), "node_modules", "typescript", "lib"),
    () => path.dirname(createRequire(path.join(process.cwd(), "package.json")).resolve("typescript/lib/lib.d.ts")),
  ];
  for (const candidate of candidates) {
    try {
      const dir = candidate();
      if (existsSync(/* turbopackIgnore: true */ path.join(/* turbopackIgnore: true */ dir, LIBS[0])))
        return (tsLibDirectory = dir);
    } catch {
      // try the next place
    }
  }
  throw new Error(`TypeScript's lib files (${LIBS[0]}) were not found; is the typescript package installed?`);
}

function newCaches(): Caches {
  return { snapshots: new Map(), registry: ts.createDocumentRegistry() };
}

function staticSnapshot(caches: Caches, fileName: string): ts.IScriptSnapshot | undefined {
  if (caches.snapshots.has(fileName)) return caches.snapshots.get(fileName);
  let text: string | undefined;
  if (fileName === ATELIER_MODULE_PATH) text = ATELIER_MODULE_DTS;
  else if (fileName.startsWith(LIB_DIR)) {
    try {
      text = readFileSync(
        /* turbopackIgnore: true */ path.join(
          /* turbopackIgnore: true */ realLibDirectory(),
          fileName.slice(LIB_DIR.length),
        ),
        "utf8",
      );
    } catch {
      text = undefined;
    }
  }
  const snap = text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
  caches.snapshots.set(fileName, snap);
  return snap;
}

/**
 * The tool source as the language service sees it. It tells TypeScript which span changed since
 * the previous snapshot (common prefix and suffix), so an edit is parsed incrementally: the
 * syntax trees of the unchanged parts are reused.
 */
export class ToolSnapshot implements ts.IScriptSnapshot {
  constructor(readonly text: string) {}

  getText(start: number, end: number): string {
    return this.text.substring(start, end);
  }

  getLength(): number {
    return this.text.length;
  }

  getChangeRange(old: ts.IScriptSnapshot): ts.TextChangeRange | undefined {
    if (!(old instanceof ToolSnapshot)) return undefined;
    const a = old.text;
    const b = this.text;
    const max = Math.min(a.length, b.length);
    let prefix = 0;
    while (prefix < max && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++;
    let suffix = 0;
    while (suffix < max - prefix && a.charCodeAt(a.length - 1 - suffix) === b.charCodeAt(b.length - 1 - suffix))
      suffix++;
    return ts.createTextChangeRange(ts.createTextSpan(prefix, a.length - prefix - suffix), b.length - prefix - suffix);
  }
}

/**
 * A new service. `isolated: true` gives it its own lib caches (a truly cold start: lib files are
 * read and parsed again); otherwise it shares the process-wide caches.
 */
export function createToolLanguageService(options: { isolated?: boolean } = {}): ToolLanguageService {
  const caches = options.isolated ? newCaches() : (sharedCaches ??= newCaches());
  let source = "";
  let version = 0; // 0: no source yet
  let snapshot = new ToolSnapshot(source);

  const host: ts.LanguageServiceHost = {
    getCompilationSettings: () => TOOL_COMPILER_OPTIONS,
    getScriptFileNames: () => [TOOL_FILE_NAME, ATELIER_MODULE_PATH],
    getScriptVersion: (fileName) => (fileName === TOOL_FILE_NAME ? String(version) : "1"),
    getScriptSnapshot: (fileName) => (fileName === TOOL_FILE_NAME ? snapshot : staticSnapshot(caches, fileName)),
    getScriptKind: (fileName) => (fileName.endsWith(".d.ts") ? ts.ScriptKind.TS : ts.ScriptKind.TS),
    getCurrentDirectory: () => "/",
    getDefaultLibFileName: () => LIB_DIR + "lib.d.ts",
    fileExists: (fileName) => fileName === TOOL_FILE_NAME || staticSnapshot(caches, fileName) !== undefined,
    readFile: (fileName) => {
      if (fileName === TOOL_FILE_NAME) return source;
      const snap = staticSnapshot(caches, fileName);
      return snap ? snap.getText(0, snap.getLength()) : undefined;
    },
    directoryExists: () => true,
    getDirectories: () => [],
    useCaseSensitiveFileNames: () => true,
    resolveModuleNameLiterals: (literals) =>
      literals.map((literal) =>
        literal.text === "atelier"
          ? {
              resolvedModule: {
                resolvedFileName: ATELIER_MODULE_PATH,
                extension: ts.Extension.Dts,
                isExternalLibraryImport: false,
              },
            }
          : { resolvedModule: undefined },
      ),
  };

  const service = ts.createLanguageService(host, caches.registry);

  return {
    service,
    update(next: string): ToolProgram {
      if (next !== source || version === 0) {
        source = next;
        version = ++lastVersion;
        snapshot = new ToolSnapshot(source);
      }
      const program = service.getProgram();
      if (!program) throw new Error("TypeScript language service returned no program");
      const sourceFile = program.getSourceFile(TOOL_FILE_NAME);
      if (!sourceFile) throw new Error("the tool source is missing from the program");
      return { program, checker: program.getTypeChecker(), sourceFile };
    },
  };
}

/** The process-wide service used by `analyzeTool` (analysis is synchronous, so sharing is safe). */
export function sharedToolLanguageService(): ToolLanguageService {
  sharedService ??= createToolLanguageService();
  return sharedService;
}
