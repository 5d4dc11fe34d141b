/** The memory tool's names and limits: its root, its commands, path and file caps, and the per-agent quota and view cap from the settings. */
import { readStorageQuota, type StorageQuota } from "../storage-quota";

export const MEMORY_TOOL_NAME = "memory";
export const MEMORY_ROOT = "/memories";
export const MEMORY_COMMANDS = ["view", "create", "str_replace", "insert", "delete", "rename"] as const;
export type MemoryCommandName = (typeof MEMORY_COMMANDS)[number];

/** Longest accepted path, in characters. */
export const MAX_MEMORY_PATH_LENGTH = 512;
/** Largest file a command may leave behind, in characters. */
export const MAX_MEMORY_FILE_CHARS = 1_000_000;

/** What one agent's memory may hold, and how much one `view` answers. */
export interface MemoryLimits {
  /** Files and bytes per agent (`ATELIER_MEMORY_MAX_FILES`, `ATELIER_MEMORY_MAX_BYTES`). */
  quota: StorageQuota;
  /** Most UTF-8 bytes one `view` answers, its truncation marker included (`ATELIER_MEMORY_VIEW_MAX_BYTES`). */
  viewMaxBytes: number;
}

export const DEFAULT_MEMORY_LIMITS: MemoryLimits = {
  quota: { maxFiles: 1000, maxBytes: 10 * 1024 * 1024 },
  viewMaxBytes: 64 * 1024,
};

/** The smallest view cap: room for a long path in the header, a line and the marker. */
export const MIN_MEMORY_VIEW_BYTES = 4096;

/** The limits the settings name; a value that is not a positive integer keeps its default. */
export function memoryLimitsFromEnv(env: Record<string, string | undefined> = process.env): MemoryLimits {
  const view = env.ATELIER_MEMORY_VIEW_MAX_BYTES?.trim();
  return {
    quota: readStorageQuota(
      env,
      { files: "ATELIER_MEMORY_MAX_FILES", bytes: "ATELIER_MEMORY_MAX_BYTES" },
      DEFAULT_MEMORY_LIMITS.quota,
    ),
    viewMaxBytes:
      view && /^\d+$/.test(view) && Number(view) > 0
        ? Math.max(MIN_MEMORY_VIEW_BYTES, Number(view))
        : DEFAULT_MEMORY_LIMITS.viewMaxBytes,
  };
}
