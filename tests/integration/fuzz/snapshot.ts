// Everything a person's read tools show, as one comparable value: the fuzzers compare it before and
// after writes that the server rejected.
import { callTool } from '../../../harness/people';

export type ListedTool = {
  name: string;
  inputSchema?: { properties?: Record<string, unknown>; required?: string[] };
  annotations?: { readOnlyHint?: boolean };
};

/** Fields that change with the clock, not with the person's data. */
const VOLATILE = new Set(['today', 'now', 'generatedAt', 'asOf', 'lastUsedAt']);

function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => !VOLATILE.has(k))
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, stable(v)]),
    );
  }
  return value;
}

/** Read tools that need no argument, plus list_workouts over a wide window. */
export async function personSnapshot(baseUrl: string, token: string, tools: ListedTool[]): Promise<Record<string, unknown>> {
  const reads = tools.filter((t) => t.annotations?.readOnlyHint && !t.inputSchema?.required?.length);
  const out: Record<string, unknown> = {};
  for (const t of reads) {
    const args = t.name === 'list_workouts' ? { from: '2000-01-01', to: '2099-12-31', limit: 100 } : {};
    const r = await callTool(baseUrl, token, t.name, args);
    out[t.name] = r.isError ? { error: r.body.error ?? 'failed' } : stable(r.body);
  }
  return out;
}
