/**
 * Runs in the browser before the studio's own modules (Next.js `instrumentation-client`). It puts
 * zod in jitless mode: zod compiles object parsers with `new Function` where eval is allowed, and
 * probes for that by calling `Function("")` when a schema is built. The studio's Content Security
 * Policy forbids eval (docs/architecture.md, "Security headers"), so the probe alone was reported
 * as a violation on every page. The server keeps zod's compiled parsers.
 */
import { config } from "zod";

config({ jitless: true });
