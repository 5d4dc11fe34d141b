/**
 * The tables whose secrets are sealed beside provider keys (which lib/auth re-seals itself): what
 * `npm run secret:rotate` re-encrypts under the new key and what the start re-seals when an older
 * version sealed them. A table with sealed values is added to both lists.
 */
import type { Resealer, StaleResealer } from "../../lib/auth/rotate-secret-key";
import { resealStaleConnectionSecrets, rotateConnectionSecrets } from "../../lib/connections/rotate-connection-secrets";
import { resealStaleMcpHeaders, rotateMcpHeaders } from "../../lib/mcp/rotate-mcp-headers";
import { resealStaleWebhookSecrets, rotateWebhookSecrets } from "../../lib/webhooks/rotate-webhook-secrets";

/** For the rotate command: MCP server headers, connection secrets and webhook signing secrets. */
export const ROTATION_RESEALERS: Resealer[] = [rotateMcpHeaders, rotateConnectionSecrets, rotateWebhookSecrets];

/** For the start (prepare-database.ts): the same tables' values under an old format or derivation. */
export const STALE_RESEALERS: StaleResealer[] = [
  resealStaleMcpHeaders,
  resealStaleConnectionSecrets,
  resealStaleWebhookSecrets,
];
