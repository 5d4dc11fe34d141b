/** Server importers' path; the module is compaction-config.shared.ts (browser-safe: the editor validates with it too). */
export * from "./compaction-config.shared";
