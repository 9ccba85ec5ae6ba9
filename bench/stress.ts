// `npm run stress`: the heavy robustness runs, never part of `npm test`.
//   fuzz:   the fuzz suite (tests/integration/fuzz) at FUZZ_SCALE (default 10) on PostgreSQL, a
//           database-level check that rejected writes change no row, and the methods Next cannot serve.
//   load:   100 agents for 60 s over two `next start` instances on one PostgreSQL.
//   faults: the database crashed and restarted mid-run; an instance killed mid-refresh.
// Options: --only=fuzz,load,faults --agents=N --seconds=S --fuzz-scale=N
// Starts its own PostgreSQL cluster (as .ci/run does) unless DATABASE_URL is set (then the database
// fault is skipped: that server is not ours to restart).
export {};

process.env.NEXT_DIST_DIR ||= '.next-bench';
process.env.TEST_PORT ||= '3401';
process.env.NEXT_TELEMETRY_DISABLED = '1';

const { stress } = await import('./stress/main');
await stress(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  },
);
