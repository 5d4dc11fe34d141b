/**
 * Field errors of the sign-in pages' and settings' forms: the form's own parse with the route's
 * schema before sending (so a field error shows before the request), then the route's `issues`.
 * Paths and messages are the route's (lib/api/error-response.ts), so both read the same.
 */
import type { z } from "zod";
import { ApiClientError } from "@/components/api/api-client";

export interface FieldIssue {
  path: string;
  message: string;
}

/** The issues of `value` under `schema` (dotted paths), or none when it parses. */
export function localIssues(schema: z.ZodType, value: unknown): FieldIssue[] {
  const parsed = schema.safeParse(value);
  return parsed.success
    ? []
    : parsed.error.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message }));
}

/** The field issues of an API error (`body.error.issues`), or none. */
export function serverIssues(error: unknown): FieldIssue[] {
  return error instanceof ApiClientError
    ? ((error.body as { error?: { issues?: FieldIssue[] } } | null)?.error?.issues ?? [])
    : [];
}
