// What every bench section receives: the running app, its database, ports and the run's settings.
import type { Cluster } from './postgres';

export type BenchContext = {
  /** `next start` of the app under test. */
  appUrl: string;
  /** Environment the app runs with (database URL and shared secrets): baselines use the same. */
  appEnv: Record<string, string>;
  /** Set when the app runs on PostgreSQL (the MCP and OAuth baselines need a shared database). */
  cluster: Cluster | undefined;
  distDir: string;
  ports: { app: number; staticBaseline: number; mcpBaseline: number; oauthBaseline: number; lighthouse: number; mcpFloor: number };
  /** --against=DIR: another checkout with its own bench build, measured beside this one (the MCP section). */
  against?: { root: string; port: number };
  connections: number;
  durationSeconds: number;
  rounds: number;
  /** Progress lines (stderr). */
  log: (line: string) => void;
  /** Report lines (stdout, the table). */
  print: (line: string) => void;
};
