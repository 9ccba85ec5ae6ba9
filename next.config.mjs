// Set by `npm test` (scripts/test.mjs) only for the build it makes while its own typecheck step
// (`tsgo --noEmit`, TypeScript's native compiler on the same tsconfig and route types) runs beside it: that build skips Next's second,
// identical TypeScript pass and the Turbopack build cache a clean clone never reads again. Every
// other build (`npm run build`, a Vercel deploy) is type-checked and stops on a type error
// (tests/unit/build/next-config.test.ts).
const typecheckedBeside = process.env.PACEWISE_TYPECHECK_BESIDE_BUILD === '1';
// Set to 0 by tests/e2e/dev/dev-server.test.ts for the `npm run dev` it starts in a build folder it
// deletes afterwards: next dev's Turbopack cache on disk, written as routes compile for the next start,
// would never be read; that file took 83 core-seconds without it, 93 with it (means of four runs each on
// a loaded 2-core machine). Every other next dev keeps Next's default (tests/unit/build/next-config.test.ts).
const devCacheOff = process.env.PACEWISE_DEV_TURBOPACK_CACHE === '0';

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  typescript: { ignoreBuildErrors: typecheckedBeside },
  ...((typecheckedBeside || devCacheOff) && {
    experimental: {
      ...(typecheckedBeside && { turbopackFileSystemCacheForBuild: false }),
      ...(devCacheOff && { turbopackFileSystemCacheForDev: false }),
    },
  }),
  // A separate build folder lets parallel test runs on one checkout build without clobbering each other.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  // The site serves its images as files and never through the optimizer: /_next/image answers 400
  // for any url outside /images/ instead of fetching a page (/_next/image?url=/account was a 500).
  images: { localPatterns: [{ pathname: '/images/**' }], remotePatterns: [] },
  // Native or WASM-carrying packages stay outside the bundle and load from node_modules.
  serverExternalPackages: ['@electric-sql/pglite', 'pglite-prisma-adapter', 'pg', '@prisma/adapter-pg', '@node-rs/argon2'],
  // Migrations are applied by the app before its first query: ship them with every function.
  outputFileTracingIncludes: { '/**': ['./prisma/migrations/**/*.sql'] },
  // OAuth endpoints of the contract, served by oidc-provider in the Pages Router catch-all
  // pages/api/oidc/[...path].ts (lib/oauth/oauth-http.ts).
  async rewrites() {
    return {
      beforeFiles: [
        ...['/register', '/authorize', '/authorize/:uid', '/device_authorization', '/token', '/revoke'].map((source) => ({
          source,
          destination: `/api/oidc${source}`,
        })),
        { source: '/.well-known/oauth-authorization-server', destination: '/api/oidc/.well-known/oauth-authorization-server' },
        // The MCP endpoint runs on Node's req/res (pages/api/mcp.ts, lib/mcp/node-http.ts).
        { source: '/mcp', destination: '/api/mcp' },
        // Markdown twins on Node's req/res, so HEAD carries Content-Length (lib/markdown/node-twin.ts).
        { source: '/:path+.md', destination: '/api/markdown/:path+' },
      ],
    };
  },
};

export default nextConfig;
