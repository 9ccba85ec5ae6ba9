// How many /mcp calls an agent may make: per grant (one agent connection, across its refreshed
// tokens) and per person (all their agents together), in fixed one-minute windows kept in the
// shared RateLimit table, so the budget holds across instances.
//
// No database write per call: an instance reserves a block of calls (a quarter of the budget) with
// one atomic write and spends it from memory; an agent within its budget costs one write per key
// per window, a busy one at most four. The blocks are a cache, not state the budget depends on:
// an instance that goes away loses only its unspent calls, and instances never grant more than the
// table allowed. Once refused in a window, an instance answers 429 without asking again. The table is
// the rate-limit service's (lib/auth/rate-limit.ts): this adapter spends, the service stores.
import { reserveHits } from '@/lib/auth/rate-limit';
import { config } from '@/lib/env';

export type CallBudget = { name: string; limit: number; windowSeconds: number };

export const MCP_CALL_BUDGETS = {
  /** One agent connection: a busy agent runs a few calls a second, never hundreds a minute. */
  grant: { name: 'mcp_grant', limit: 240, windowSeconds: 60 },
  /** One person, all agents together. */
  person: { name: 'mcp_person', limit: 480, windowSeconds: 60 },
} satisfies Record<string, CallBudget>;

/** A block is this share of the budget. */
const BLOCKS_PER_WINDOW = 4;
/** Leases kept in memory at most (expired ones are dropped first). */
const MAX_LEASES = 10_000;

type Lease = { windowEnd: number; left: number };
const leases = new Map<string, Lease>();

export type BudgetAnswer = { allowed: true } | { allowed: false; retryAfterSeconds: number };

function prune(now: number): void {
  if (leases.size < MAX_LEASES) return;
  for (const [key, lease] of leases) if (lease.windowEnd <= now) leases.delete(key);
  if (leases.size >= MAX_LEASES) leases.clear();
}

/** Reservations in flight, one per key: concurrent calls wait for it instead of each reserving a block. */
const pending = new Map<string, Promise<void>>();

function refill(budget: CallBudget, key: string): Promise<void> {
  let inFlight = pending.get(key);
  if (!inFlight) {
    inFlight = reserveHits(budget, key, Math.max(1, Math.ceil(budget.limit / BLOCKS_PER_WINDOW)))
      .then(({ granted, windowEnd }) => {
        prune(Date.now());
        // left: -1 marks a window this instance was refused in (no further reservation until it ends).
        leases.set(key, { windowEnd, left: granted > 0 ? granted : -1 });
      })
      .finally(() => pending.delete(key));
    pending.set(key, inFlight);
  }
  return inFlight;
}

/** Spends one call of `budget` for `subject`. */
export async function spendCall(budget: CallBudget, subject: string): Promise<BudgetAnswer> {
  const key = `${budget.name}:${subject}`;
  // A few rounds: calls that waited for a block may find it spent by the others and reserve again.
  for (let round = 0; round < 4; round++) {
    const now = Date.now();
    const lease = leases.get(key);
    if (lease && lease.windowEnd > now) {
      if (lease.left > 0) {
        lease.left--;
        return { allowed: true };
      }
      if (lease.left < 0) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((lease.windowEnd - now) / 1000)) };
    }
    await refill(budget, key);
  }
  return { allowed: false, retryAfterSeconds: 1 };
}

/** The budgets in force: the defaults, or MCP_CALLS_PER_MINUTE's in a test run (lib/env.ts). */
export function mcpCallBudgets(): typeof MCP_CALL_BUDGETS {
  const perGrant = config().mcpCallsPerMinute;
  if (perGrant === MCP_CALL_BUDGETS.grant.limit) return MCP_CALL_BUDGETS;
  return { grant: { ...MCP_CALL_BUDGETS.grant, limit: perGrant }, person: { ...MCP_CALL_BUDGETS.person, limit: 2 * perGrant } };
}

/** Both budgets of one call: the grant's and the person's. */
export async function spendMcpCall(grantId: string, userId: string): Promise<BudgetAnswer & { budget?: 'grant' | 'person' }> {
  const grant = await spendCall(mcpCallBudgets().grant, grantId);
  if (!grant.allowed) return { ...grant, budget: 'grant' };
  const person = await spendCall(mcpCallBudgets().person, userId);
  if (!person.allowed) return { ...person, budget: 'person' };
  return { allowed: true };
}
