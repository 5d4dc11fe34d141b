/** Server importers' path; the module is limit-recovery.shared.ts (browser-safe: the editor validates with it too). */
export * from "./limit-recovery.shared";
