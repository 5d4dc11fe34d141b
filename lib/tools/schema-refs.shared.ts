/**
 * Local references of a tool's schema (`#/$defs/Name`, lib/tools/README.md "Definitions"), for the
 * server and the browser alike (the Tool Studio's test-run form): no imports.
 */

/** The definition a local `$ref` names (`#/$defs/Name`), or undefined. */
export function defName(ref: unknown): string | undefined {
  if (typeof ref !== "string" || !ref.startsWith("#/$defs/")) return undefined;
  return ref.slice("#/$defs/".length).replace(/~1/g, "/").replace(/~0/g, "~");
}
