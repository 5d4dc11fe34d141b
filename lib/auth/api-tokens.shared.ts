/**
 * API tokens as the browser and the server both see them (browser-safe: zod only). A token's value
 * is answered once, when it is created (`CreatedToken`); every other answer is a `TokenSummary`,
 * which carries only its masked hint — never the value or its hash.
 */
import { z } from "zod";
import { Role } from "./roles.shared";

export const TOKEN_PREFIX = "atl_";

export const CreateTokenInput = z.object({
  name: z.string().trim().min(1, "Give the token a name").max(80),
  role: Role,
  expiresInDays: z.number().int().min(1).max(3650).nullable().default(90),
});
export type CreateTokenInput = z.infer<typeof CreateTokenInput>;

export const TokenSummary = z.strictObject({
  id: z.string(),
  name: z.string(),
  role: Role,
  /** `atl_…` and the value's last four characters. */
  hint: z.string(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime().nullable(),
  lastUsedAt: z.iso.datetime().nullable(),
  revokedAt: z.iso.datetime().nullable(),
});
export type TokenSummary = z.infer<typeof TokenSummary>;

/** The answer of a creation: the token's value (shown this once) and its summary. */
export const CreatedToken = z.strictObject({
  token: z.string().startsWith(TOKEN_PREFIX),
  summary: TokenSummary,
});
export type CreatedToken = z.infer<typeof CreatedToken>;
