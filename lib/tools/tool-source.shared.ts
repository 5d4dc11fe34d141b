/**
 * The size rule of a tool's TypeScript source, shared by the routes that take a source and the
 * Tool Studio (browser-safe: zod only).
 */
import { z } from "zod";

export const MAX_TOOL_SOURCE_CHARS = 200_000;

export const ToolSourceInput = z.object({
  source: z
    .string()
    .min(1, "The source is empty")
    .max(MAX_TOOL_SOURCE_CHARS, `Keep a tool under ${MAX_TOOL_SOURCE_CHARS} characters`),
});
