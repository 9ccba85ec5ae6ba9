// One simulated agent of the load and fault runs: MCP calls and refresh grants against either
// instance, every outcome recorded (status, tool error, time).
import { ACCEPT_BOTH, callToolRequest, readReply } from '../../harness/mcp';
import { simulatedAddress } from '../../harness/oauth';
import { PROTOCOL, type Connected } from '../lib/agents';

export type Outcome = { at: number; op: string; ok: boolean; status: number; ms: number; detail?: string };

export class Agent {
  readonly address = simulatedAddress();
  /** Refresh tokens this agent has consumed, newest last (to prove reuse is refused). */
  readonly consumed: string[] = [];
  /** notes tags of create_workout calls the server acknowledged. */
  readonly acknowledged: string[] = [];
  rotations = 0;
  private n = 0;

  constructor(
    readonly id: number,
    public tokens: Connected,
    readonly resource: string,
  ) {}

  async call(
    baseUrl: string,
    name: string,
    args: Record<string, unknown>,
    timeoutMs = 30_000,
  ): Promise<Outcome & { body?: Record<string, unknown> }> {
    const t0 = performance.now();
    try {
      const res = await fetch(`${baseUrl}/mcp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: ACCEPT_BOTH,
          authorization: `Bearer ${this.tokens.accessToken}`,
          'mcp-protocol-version': PROTOCOL,
        },
        body: JSON.stringify({ ...callToolRequest(name), params: { name, arguments: args } }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const reply = await readReply(res);
      const result = (
        reply.json as
          { result?: { isError?: boolean; structuredContent?: Record<string, unknown>; content?: { text?: string }[] } } | undefined
      )?.result;
      const ok = res.status === 200 && Boolean(result) && !result!.isError;
      const detail = ok ? undefined : (result?.content?.[0]?.text ?? reply.raw).slice(0, 200);
      return { at: Date.now(), op: name, ok, status: res.status, ms: performance.now() - t0, detail, body: result?.structuredContent };
    } catch (error) {
      return { at: Date.now(), op: name, ok: false, status: 0, ms: performance.now() - t0, detail: `network: ${(error as Error).message}` };
    }
  }

  async createWorkout(baseUrl: string, today: Date): Promise<Outcome> {
    const tag = `stress-${this.id}-${this.n++}-${Math.random().toString(36).slice(2, 8)}`;
    const date = new Date(today.getTime() - (this.n % 10) * 86_400_000).toISOString().slice(0, 10);
    const r = await this.call(baseUrl, 'create_workout', {
      date,
      strength: [{ exercise: 'back-squat', sets: [{ reps: 5, load: 60 }] }],
      notes: tag,
    });
    if (r.ok) this.acknowledged.push(tag);
    return { ...r, detail: r.ok ? tag : r.detail };
  }

  async refresh(baseUrl: string, timeoutMs = 30_000): Promise<Outcome> {
    const t0 = performance.now();
    const old = this.tokens.refreshToken;
    try {
      const res = await fetch(`${baseUrl}/token`, {
        method: 'POST',
        headers: { 'x-forwarded-for': this.address },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: old,
          client_id: this.tokens.clientId,
          resource: this.resource,
        }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
      const ms = performance.now() - t0;
      if (res.status === 200) {
        const next = body.refresh_token;
        if (typeof next !== 'string' || next === old || typeof body.access_token !== 'string') {
          return {
            at: Date.now(),
            op: 'refresh',
            ok: false,
            status: 200,
            ms,
            detail: 'not rotated: the same or no refresh token came back',
          };
        }
        this.consumed.push(old);
        this.tokens = { ...this.tokens, accessToken: body.access_token, refreshToken: next };
        this.rotations++;
        return { at: Date.now(), op: 'refresh', ok: true, status: 200, ms };
      }
      return {
        at: Date.now(),
        op: 'refresh',
        ok: false,
        status: res.status,
        ms,
        detail: `${String(body.error)}: ${String(body.error_description ?? '').slice(0, 120)}`,
      };
    } catch (error) {
      return {
        at: Date.now(),
        op: 'refresh',
        ok: false,
        status: 0,
        ms: performance.now() - t0,
        detail: `network: ${(error as Error).message}`,
      };
    }
  }
}

/** Tally of outcomes: ok count, 429s, and failures grouped by operation, status and first words. */
export function tally(outcomes: Outcome[]) {
  const failures: Record<string, number> = {};
  let ok = 0;
  let limited = 0;
  for (const o of outcomes) {
    if (o.ok) ok++;
    else if (o.status === 429) limited++;
    else {
      const key = `${o.op} ${o.status} ${(o.detail ?? '').replace(/stress-\S+/g, '').slice(0, 90)}`;
      failures[key] = (failures[key] ?? 0) + 1;
    }
  }
  return { total: outcomes.length, ok, rateLimited: limited, failed: outcomes.length - ok - limited, failures };
}
