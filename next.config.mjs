/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
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
  typescript: { tsconfigPath: "tsconfig.json" },
  // No telemetry, no remote images, nothing fetched at build or run time.
  images: { unoptimized: true },
};

export default nextConfig;
