/**
 * The structured logger (pino): JSON lines with a level, a time and the fields of their context —
 * `requestId` for a request, `runId` and `conversationId` for a run. One is built by the
 * composition root (lib/server/server.ts) and handed to what logs; `child(fields)` adds context.
 * Level: `ATELIER_LOG_LEVEL` (`fatal`, `error`, `warn`, `info`, `debug`, `trace`, `silent`),
 * default `info` (`warn` under tests).
 */
import { pino } from "pino";

export interface Logger {
  error(fields: object, message: string): void;
  error(message: string): void;
  warn(fields: object, message: string): void;
  warn(message: string): void;
  info(fields: object, message: string): void;
  info(message: string): void;
  debug(fields: object, message: string): void;
  debug(message: string): void;
  child(fields: Record<string, unknown>): Logger;
}

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export function logLevel(env: NodeJS.ProcessEnv = process.env): LogLevel {
  const given = env.ATELIER_LOG_LEVEL?.trim().toLowerCase();
  if (given && (LOG_LEVELS as readonly string[]).includes(given)) return given as LogLevel;
  return env.NODE_ENV === "test" ? "warn" : "info";
}

/** A logger writing JSON lines to `destination` (stdout by default). */
export function createLogger(
  options: { level?: LogLevel; destination?: NodeJS.WritableStream; base?: Record<string, unknown> } = {},
): Logger {
  return pino(
    {
      level: options.level ?? logLevel(),
      base: { app: "atelier", ...options.base },
      // `err` fields print as {type, message, stack}; `error` too, so either name works.
      serializers: { err: pino.stdSerializers.err, error: pino.stdSerializers.err },
    },
    options.destination ?? pino.destination({ dest: 1, sync: true }),
  );
}
