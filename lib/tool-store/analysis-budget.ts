/**
 * Each principal's budget for tool analysis (lib/tool-store/README.md): `POST /api/tools/analyze`
 * and every tool save spend from it. A burst of 60, refilled at 3 per second (the editor asks once
 * per typing pause), and at most 2 of one principal's analyses waiting or running at once; beyond
 * that 429 `rate_limited` with `Retry-After`. Per server process, in memory: the composition root
 * (lib/server/server.ts) holds the one limiter, `server.limits.analysis`.
 */
import type { RateLimiterOptions } from "../auth/rate-limiter";

export const DEFAULT_ANALYSIS_BUDGET: RateLimiterOptions = { capacity: 60, refillPerSecond: 3, maxConcurrent: 2 };
