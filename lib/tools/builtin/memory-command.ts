/**
 * What the memory commands work on and answer: the store port, a parsed command, and the failures
 * a command turns into a `ToolArgumentError` or `ToolExecutionError` result.
 */
import { BrandedError } from "../../errors";
import type { StorageUsage } from "../storage-quota";

/**
 * Where the files live. Paths are full, normalised memory paths (`/memories/a/b.md`); the store
 * knows nothing of directories.
 */
export interface MemoryFileStore {
  /**
   * Path and size (UTF-8 bytes) of every file whose path starts with `prefix` (a plain string
   * prefix), in any order — never the contents.
   */
  list(prefix: string): Promise<Array<{ path: string; size: number }>>;
  /** How many files the agent's memory holds, and their bytes (UTF-8) in all. */
  usage(): Promise<StorageUsage>;
  /** The file's content, or null when there is no such file. */
  read(path: string): Promise<string | null>;
  /** Creates or replaces the file. */
  write(path: string, content: string): Promise<void>;
  /** Deletes the file; false when there was none. */
  remove(path: string): Promise<boolean>;
  /** Moves one file to a path that holds no file (the caller checks both). */
  rename(from: string, to: string): Promise<void>;
}

export interface MemoryToolError {
  type: "ToolArgumentError" | "ToolExecutionError";
  message: string;
}

export type MemoryCommandResult = { ok: true; result: string } | { ok: false; error: MemoryToolError };

export type MemoryCommand =
  | { command: "view"; path: string; view_range: [number, number] | null }
  | { command: "create"; path: string; file_text: string }
  | { command: "str_replace"; path: string; old_str: string; new_str: string }
  | { command: "insert"; path: string; insert_line: number; insert_text: string }
  | { command: "delete"; path: string }
  | { command: "rename"; old_path: string; new_path: string };

/** Thrown inside this module only; turned into a result by runMemoryCommand. */
export class MemoryFailure extends BrandedError {
  static override readonly kind: string = "MemoryFailure";
  constructor(
    readonly type: MemoryToolError["type"],
    message: string,
  ) {
    super(message);
  }
}

export const argumentError = (message: string) => new MemoryFailure("ToolArgumentError", message);
export const executionError = (message: string) => new MemoryFailure("ToolExecutionError", message);
