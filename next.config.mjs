import { PHASE_DEVELOPMENT_SERVER } from "next/constants.js";
import { securityHeaders } from "./lib/http-security.mjs";

/** @type {(phase: string) => import('next').NextConfig} */
const nextConfig = (phase) => ({
  reactStrictMode: true,
  // A second build directory lets two checkouts' worth of work build side by side (development
  // only; scripts/lib/build-state.ts reads the same variable). Default: .next
  distDir: process.env.ATELIER_DIST_DIR || ".next",
  poweredByHeader: false,
  // Native and WebAssembly packages stay plain Node requires on the server (not bundled).
  serverExternalPackages: [
    "better-sqlite3",
    "@prisma/adapter-better-sqlite3",
    "@prisma/adapter-pg",
    "pg",
    "quickjs-emscripten",
    "typescript",
  ],
  // Type checking is its own step of `npm test` (tsc over the whole project, tests included), so a
  // type error in a test file never stops a user's `npm start`.
  typescript: { ignoreBuildErrors: true },
  // No telemetry, no remote images, nothing fetched at build or run time.
  images: { unoptimized: true },
  // The Content Security Policy and the other security headers on every response: pages, API
  // routes and static files (lib/http-security.mjs; docs/architecture.md, "Security headers").
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders({ dev: phase === PHASE_DEVELOPMENT_SERVER }) }];
  },
});

export default nextConfig;
