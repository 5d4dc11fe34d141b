/** Server importers' path; the module is usage-limits.shared.ts (browser-safe: the editor validates with it too). */
export * from "./usage-limits.shared";
