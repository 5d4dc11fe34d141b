/**
 * The contract of /api/tokens (docs/http-contract.md): the caller's own API tokens. A token's value
 * is in the answer of its creation only; every other answer carries its masked hint.
 */
import { z } from "zod";
import { endpoint } from "../contract.shared";
import { CreatedToken, CreateTokenInput, TokenSummary } from "../../auth/api-tokens.shared";

export const tokensApi = {
  /** The caller's own tokens (never their values). */
  list: endpoint({
    method: "GET",
    path: "/api/tokens",
    response: z.strictObject({ tokens: z.array(TokenSummary) }),
  }),
  /** A new token for the caller, with a role they hold; its value is in this answer only. */
  create: endpoint({
    method: "POST",
    path: "/api/tokens",
    body: CreateTokenInput,
    response: CreatedToken,
    status: 201,
  }),
  /** Revokes one of the caller's tokens (an admin: anyone's); revoking it again changes nothing. */
  revoke: endpoint({
    method: "DELETE",
    path: "/api/tokens/:id",
    params: z.object({ id: z.string().min(1) }),
    response: z.strictObject({ token: TokenSummary }),
  }),
};
