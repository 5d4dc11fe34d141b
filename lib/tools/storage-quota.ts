/**
 * A quota on a set of stored files — how many files, and how many bytes in all. The memory builtin
 * keeps one per agent (`ATELIER_MEMORY_MAX_FILES`, `ATELIER_MEMORY_MAX_BYTES`), the workspace
 * builtin one per workspace (`ATELIER_WORKSPACE_MAX_FILES`, `ATELIER_WORKSPACE_MAX_BYTES`,
 * lib/workspace-files): both check their writes with these functions and measure with `utf8Length`.
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

/** UTF-8 length of a string, without encoding it (a lone surrogate counts as U+FFFD, 3 bytes). */
export function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i += 1;
    } else n += 3;
  }
  return n;
}

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;

/** A size for people: `512B`, `1.5K`, `10M`. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes}B`;
  const units = ["K", "M", "G"];
  let size = bytes / 1024;
  let unit = 0;
  while (size >= 1024 && unit < units.length - 1) {
    size /= 1024;
    unit += 1;
  }
  return `${Number.isInteger(size) ? size : size.toFixed(1)}${units[unit]}`;
}

/** A count of files or bytes in words, for the quota messages (`3 files`, `2048 bytes (2K)`). */
export function quotaAmount(limit: QuotaExcess["limit"], n: number): string {
  if (limit === "files") return plural(n, "file");
  return n < 1024 ? plural(n, "byte") : `${plural(n, "byte")} (${formatSize(n)})`;
}
