/** Server importers' path; the module is check-compaction-bounds.shared.ts (browser-safe: the editor validates with it too). */
export * from "./check-compaction-bounds.shared";
