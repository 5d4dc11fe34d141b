/**
 * The workspace's limits from the settings: the largest file a write may leave
 * (`ATELIER_WORKSPACE_FILE_MAX_BYTES`) and the quota per workspace on files and bytes
 * (`ATELIER_WORKSPACE_MAX_FILES`, `ATELIER_WORKSPACE_MAX_BYTES`) — checked with the same quota
 * functions as the memory tool's (lib/tools/storage-quota.ts). A value that is not a positive
 * integer keeps its default.
 */
import { readStorageQuota, type StorageQuota } from "../tools/storage-quota";

export interface WorkspaceLimits {
  /** Most UTF-8 bytes one file may hold. */
  maxFileBytes: number;
  /** Files and bytes of one workspace (its files as they are now, not their earlier versions). */
  quota: StorageQuota;
}

export const DEFAULT_WORKSPACE_LIMITS: WorkspaceLimits = {
  maxFileBytes: 1024 * 1024,
  quota: { maxFiles: 1000, maxBytes: 20 * 1024 * 1024 },
};

export function workspaceLimitsFromEnv(env: Record<string, string | undefined> = process.env): WorkspaceLimits {
  const raw = env.ATELIER_WORKSPACE_FILE_MAX_BYTES?.trim();
  return {
    maxFileBytes: raw && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : DEFAULT_WORKSPACE_LIMITS.maxFileBytes,
    quota: readStorageQuota(
      env,
      { files: "ATELIER_WORKSPACE_MAX_FILES", bytes: "ATELIER_WORKSPACE_MAX_BYTES" },
      DEFAULT_WORKSPACE_LIMITS.quota,
    ),
  };
}
