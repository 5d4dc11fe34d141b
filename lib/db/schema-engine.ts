/**
 * Prisma's own schema engine, compiled to WebAssembly (`@prisma/schema-engine-wasm`), driven
 * through a migration-aware driver adapter. The native schema-engine binary cannot be downloaded
 * on these machines; this engine keeps Prisma's `_prisma_migrations` bookkeeping, so
 * `prisma migrate deploy` stays compatible wherever the binary exists.
 *
 * The package's ESM entry imports a `.wasm` file, which Node 20 refuses, so the module is
 * instantiated by hand with `schema_engine_bg.js` as its import object.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import type { SchemaEngine } from "@prisma/schema-engine-wasm";

type EngineModule = typeof import("@prisma/schema-engine-wasm");

let enginePromise: Promise<EngineModule> | null = null;

async function loadEngineModule(): Promise<EngineModule> {
  const require = createRequire(import.meta.url);
  const pkgDir = path.dirname(require.resolve("@prisma/schema-engine-wasm/schema_engine_bg"));
  const bindings = (await import(
    /* webpackIgnore: true */ /* turbopackIgnore: true */
    pathToFileURL(path.join(pkgDir, "schema_engine_bg.js")).href
  )) as EngineModule & { __wbg_set_wasm(exports: WebAssembly.Exports): void };
  const bytes = await readFile(path.join(pkgDir, "schema_engine_bg.wasm"));
  const wasmModule = await WebAssembly.compile(bytes);
  const importObject: WebAssembly.Imports = {};
  for (const entry of WebAssembly.Module.imports(wasmModule)) {
    importObject[entry.module] ??= bindings as unknown as WebAssembly.ModuleImports;
  }
  const instance = await WebAssembly.instantiate(wasmModule, importObject);
  bindings.__wbg_set_wasm(instance.exports);
  (instance.exports as { __wbindgen_start?: () => void }).__wbindgen_start?.();
  return bindings;
}

export interface EngineLog {
  level?: string;
  message?: string;
  [key: string]: unknown;
}

/** Opens a schema engine on the given adapter factory with the given Prisma schema text. */
export async function openSchemaEngine(
  adapterFactory: SqlMigrationAwareDriverAdapterFactory,
  schema: { path: string; content: string },
  onLog: (log: EngineLog) => void = () => {},
): Promise<SchemaEngine> {
  enginePromise ??= loadEngineModule();
  const engine = await enginePromise;
  return engine.SchemaEngine.new(
    { datamodels: [[schema.path, schema.content]] },
    (raw: unknown) => {
      try {
        onLog(typeof raw === "string" ? (JSON.parse(raw) as EngineLog) : (raw as EngineLog));
      } catch {
        onLog({ message: String(raw) });
      }
    },
    bindMigrationAwareSqlAdapterFactory(adapterFactory),
  );
}
