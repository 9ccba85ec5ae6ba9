// How many /mcp calls an agent may make: per grant (one agent connection, across its refreshed
// tokens) and per person (all their agents together), in fixed one-minute windows kept in the
// shared RateLimit table, so the budget holds across instances.
//
// No database write per call: an instance reserves a block of calls (a quarter of the budget) with
// one atomic write and spends it from memory; an agent within its budget costs one write per key
// per window, a busy one at most four. The blocks are a cache, not state the budget depends on:
// an instance that goes away loses only its unspent calls, and instances never grant more than the
// table allowed. Once refused in a window, an instance answers 429 without asking again.
import { db } from '@/lib/database/client';
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

/** Reserves up to `want` calls in the current window; returns how many were granted and when the window ends. */
async function reserve(budget: CallBudget, key: string, want: number): Promise<{ granted: number; windowEnd: number }> {
  const prisma = await db();
  const now = new Date();
  const floor = new Date(now.getTime() - budget.windowSeconds * 1000);
  const expiresAt = new Date(now.getTime() + budget.windowSeconds * 1000);
  // The window's start comes back as epoch milliseconds computed in SQL: a timestamp column read
  // back as a Date is taken in the server's time zone by the driver (PGlite at UTC+13 put the window
  // 13 hours off and refused every call; tests/integration/mcp/driver-reads.test.ts).
  const rows = await prisma.$queryRaw<{ count: number; windowStartMs: number }[]>`
    INSERT INTO "RateLimit" ("key", "windowStart", "count", "expiresAt")
    VALUES (${key}, ${now}, ${want}, ${expiresAt})
    ON CONFLICT ("key") DO UPDATE SET
      "count" = CASE WHEN "RateLimit"."windowStart" <= ${floor} THEN ${want} ELSE "RateLimit"."count" + ${want} END,
      "windowStart" = CASE WHEN "RateLimit"."windowStart" <= ${floor} THEN ${now} ELSE "RateLimit"."windowStart" END,
      "expiresAt" = CASE WHEN "RateLimit"."windowStart" <= ${floor} THEN ${expiresAt} ELSE "RateLimit"."expiresAt" END
    RETURNING "count", (EXTRACT(EPOCH FROM "windowStart") * 1000)::float8 AS "windowStartMs"`;
  const row = rows[0]!;
  const before = Number(row.count) - want;
  return {
    granted: Math.max(0, Math.min(want, budget.limit - before)),
    windowEnd: Number(row.windowStartMs) + budget.windowSeconds * 1000,
  };
}

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
    inFlight = reserve(budget, key, Math.max(1, Math.ceil(budget.limit / BLOCKS_PER_WINDOW)))
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

/** Both budgets of one call: the grant's and the person's. */
/** The budgets in force: the defaults, or MCP_CALLS_PER_MINUTE's in a test run (lib/env.ts). */
function budgets(): typeof MCP_CALL_BUDGETS {
  const perGrant = config().mcpCallsPerMinute;
  if (perGrant === MCP_CALL_BUDGETS.grant.limit) return MCP_CALL_BUDGETS;
  return { grant: { ...MCP_CALL_BUDGETS.grant, limit: perGrant }, person: { ...MCP_CALL_BUDGETS.person, limit: 2 * perGrant } };
}

export async function spendMcpCall(grantId: string, userId: string): Promise<BudgetAnswer & { budget?: 'grant' | 'person' }> {
  const grant = await spendCall(budgets().grant, grantId);
  if (!grant.allowed) return { ...grant, budget: 'grant' };
  const person = await spendCall(budgets().person, userId);
  if (!person.allowed) return { ...person, budget: 'person' };
  return { allowed: true };
}
