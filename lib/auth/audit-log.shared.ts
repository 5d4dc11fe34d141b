/** An audit log entry as answered to the settings page (browser-safe: zod only). */
import { z } from "zod";

export const AuditEntry = z.strictObject({
  id: z.string(),
  /** The actor's name when the entry was written; null for an anonymous one (a failed sign-in). */
  actor: z.string().nullable(),
  /**
   * An `AuditAction` (./audit-log.ts) when written; read back as the stored text, since entries
   * outlive the code that wrote them.
   */
  action: z.string(),
  target: z.string().nullable(),
  /**
   * Who, readable: the user's name as it is now (the name written with the entry when the user is
   * gone), the token they acted through, the admin token, or "anonymous".
   */
  actorLabel: z.string(),
  /** What it was done to, readable (an agent's, tool's, conversation's, user's or token's name); null with no target. */
  targetLabel: z.string().nullable(),
  /** Where the target is in the studio, while it still exists. */
  targetHref: z.string().nullable(),
  /** What the action recorded (an open JSON object: its keys depend on the action), or null. */
  details: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.iso.datetime(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
