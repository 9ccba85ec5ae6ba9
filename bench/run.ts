// `npm run bench`: every figure side by side with its baseline, printed as tables and written to
// bench/results.json. Never part of `npm test`.
// Options: --only=build,static,cache,bytes,app,mcp,oauth,lighthouse,scale  --reuse-build  --quick  --calls=N (scale: calls per tool, person and round)
//          scale only: --no-agents, --history-scale=F (0..1, histories but the week shortened), --clones=N, --agents=1,10
//          --database=postgresql|pglite (default: PostgreSQL when one can be had, and MCP on PGlite too)
//          --rounds=N --duration=S --connections=C --lighthouse-runs=N
//          mcp only: --against=DIR (another checkout with its own bench build, e.g. a git worktree of the
//          commit before: each round runs both apps and the floor back to back; see bench/sections/mcp.ts)
// The build folder and ports default to .next-bench and 3401.. (NEXT_DIST_DIR, TEST_PORT override).
export {};

process.env.NEXT_DIST_DIR ||= '.next-bench';
process.env.TEST_PORT ||= '3401';
process.env.NEXT_TELEMETRY_DISABLED = '1';

const { main } = await import('./main');
await main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  },
);
