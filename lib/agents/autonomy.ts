/** Server importers' path; the module is autonomy.shared.ts (browser-safe: the editor validates with it too). */
export * from "./autonomy.shared";
