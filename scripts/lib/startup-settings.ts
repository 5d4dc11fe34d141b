/**
 * Settings checked before anything else when a server starts (`npm start`, `npm run dev`): a value
 * that would leave the studio open stops the start with one line naming the variable, like a bad
 * DATABASE_URL does (prepare-database.ts).
 */
import { StartupError } from "./prepare-database";
import { readTelemetryConfig, TelemetryConfigError } from "../../lib/telemetry/telemetry-config";

/** The shortest ATELIER_ADMIN_TOKEN accepted: an admin credential must not be guessable. */
export const ADMIN_TOKEN_MIN_LENGTH = 32;

/** Throws a StartupError (one line) for a setting the studio must not start with. */
export function checkStartupSettings(env: Record<string, string | undefined> = process.env): void {
  const token = env.ATELIER_ADMIN_TOKEN;
  if (token && token.length < ADMIN_TOKEN_MIN_LENGTH)
    throw new StartupError(
      `ATELIER_ADMIN_TOKEN: at least ${ADMIN_TOKEN_MIN_LENGTH} characters are needed, it has ${token.length} ` +
        "(generate one with `openssl rand -hex 32`)",
    );
  // OpenTelemetry export's variables (e.g. OTEL_EXPORTER_OTLP_PROTOCOL=grpc is refused, naming the supported values).
  try {
    readTelemetryConfig(env);
  } catch (e) {
    if (TelemetryConfigError.is(e)) throw new StartupError(e.message);
    throw e;
  }
}

/** For the command-line entry points: a refused setting is printed as its one line and exits 1. */
export function checkStartupSettingsOrExit(): void {
  try {
    checkStartupSettings();
  } catch (e) {
    if (e instanceof StartupError) {
      console.error(`atelier: ${e.message}`);
      process.exit(1);
    }
    throw e;
  }
}
