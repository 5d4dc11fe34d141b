/** Server importers' path; the module is agent-input.shared.ts (browser-safe: the editor validates with it too). */
export * from "./agent-input.shared";
