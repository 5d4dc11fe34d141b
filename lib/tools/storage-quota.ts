/**
 * A quota on a set of stored files — how many files, and how many bytes in all. The memory builtin
 * keeps one per agent (`ATELIER_MEMORY_MAX_FILES`, `ATELIER_MEMORY_MAX_BYTES`); any other file store
 * (a skill's workspace) checks its writes with the same two functions.
 *
 * The check is made by the writer before it writes, from the store's current usage: two writers of
 * the same store racing may together pass the quota by one write each, never by more.
 */

export interface StorageQuota {
  /** Most files the store may hold. */
  maxFiles: number;
  /** Most bytes (UTF-8) the store's files may hold together. */
  maxBytes: number;
}

export interface StorageUsage {
  files: number;
  bytes: number;
}

/** One write: the file's size before it (null when the file is new) and after it, in bytes. */
export interface StorageChange {
  before: number | null;
  after: number;
}

export interface QuotaExcess {
  limit: "files" | "bytes";
  max: number;
  /** What the store would hold after the change. */
  wouldBe: number;
}

/**
 * Which limit the change would pass, or null when it fits. A change that adds no file and no bytes
 * always fits, so a store already over a lowered quota can still be shrunk, renamed and cleaned up.
 */
export function quotaExcess(quota: StorageQuota, usage: StorageUsage, change: StorageChange): QuotaExcess | null {
  if (change.before === null && usage.files + 1 > quota.maxFiles) {
    return { limit: "files", max: quota.maxFiles, wouldBe: usage.files + 1 };
  }
  const before = change.before ?? 0;
  const bytes = usage.bytes - before + change.after;
  if (change.after > before && bytes > quota.maxBytes) return { limit: "bytes", max: quota.maxBytes, wouldBe: bytes };
  return null;
}

const positiveInteger = (raw: string | undefined): number | null => {
  const v = raw?.trim();
  return v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : null;
};

/** A quota from two settings; a value that is not a positive integer leaves its default. */
export function readStorageQuota(
  env: Record<string, string | undefined>,
  names: { files: string; bytes: string },
  defaults: StorageQuota,
): StorageQuota {
  return {
    maxFiles: positiveInteger(env[names.files]) ?? defaults.maxFiles,
    maxBytes: positiveInteger(env[names.bytes]) ?? defaults.maxBytes,
  };
}
