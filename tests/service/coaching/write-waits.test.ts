// @module-tag engine-parity
// One person's parallel writes wait without holding the database connections other people need
// (lib/coaching/athlete-store.ts), and the token check's "last used" touch never queues on the grant
// row (lib/oauth/access-tokens.ts). Every acknowledged write is stored once. On PostgreSQL the test
// also holds the rows itself from another connection, as a second instance would, and shows that
// other people's calls and the same grant's token checks are answered while the rows are held. In
// process (the service tier): the app's pool and lock waits are this process's, on this file's database.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { verifyAccessToken } from '@/lib/oauth/access-tokens';
import { Agent, addDays, newAthlete, todayUtc, type Athlete, type WorkoutView } from '../support/athlete';
import { issueAccessToken } from '../support/tokens';

const engine = inject('databaseEngine');
const today = todayUtc();
const WRITES = 10;
const OTHERS = 4;

let me: Athlete;
let others: Athlete[] = [];
let extra: Agent[] = [];

type Completed = { workout: WorkoutView };

const squat = (load: number) => [{ exercise: 'back-squat', progression: 'linear', sets: [5, 5, 5].map((reps) => ({ reps, load })) }];

async function sessionsOf(a: Athlete, n: number, label: string): Promise<WorkoutView[]> {
  const out: WorkoutView[] = [];
  for (let i = 0; i < n; i++) {
    out.push(
      (await a.agent.call<{ workout: WorkoutView }>('create_workout', { date: today, title: `${label} ${i}`, strength: squat(60) }))
        .workout,
    );
  }
  return out;
}

function complete(agent: Agent, w: WorkoutView, note: string) {
  return agent.try<Completed>('complete_workout', {
    id: w.id,
    strength: [{ exercise: 'back-squat', sets: [5, 5, 5].map((reps) => ({ reps, load: 60 })) }],
    notes: note,
  });
}

async function completedNotes(a: Athlete): Promise<string[]> {
  const page = await a.agent.call<{ workouts: WorkoutView[] }>('list_workouts', {
    from: addDays(today, -1),
    to: addDays(today, 1),
    limit: 100,
  });
  return page.workouts.filter((w) => w.status === 'completed').map((w) => w.notes ?? '');
}

/** Another connection to this file's database (tests/service/support/database.ts), as a second instance would hold one. */
async function appDatabase(email: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  const found = await client.query(`SELECT 1 FROM "User" WHERE "email" = $1`, [email]);
  if (!found.rowCount) throw new Error(`this file's database does not hold ${email}`);
  return client;
}

/** Resolves with `p`, or rejects when it has not settled within `ms` (a liveness bound, not a speed claim). */
function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} still waiting after ${ms} ms`)), ms))),
  ]);
}

beforeAll(async () => {
  me = await newAthlete('waits');
  others = await Promise.all(Array.from({ length: OTHERS }, (_, i) => newAthlete(`waits-other-${i}`)));
  extra = await Promise.all(Array.from({ length: 3 }, () => me.connect()));
}, 170_000);

afterAll(async () => {
  await Promise.all([...extra, me?.agent, ...others.map((o) => o.agent)].filter(Boolean).map((a) => a!.close()));
});

describe(`one person's parallel writes (${engine})`, () => {
  it('ten completions of one person at once, beside other people writing: every one stored once', async () => {
    const mine = await sessionsOf(me, WRITES, 'parallel');
    const theirs = await Promise.all(others.map((o, i) => sessionsOf(o, 2, `other ${i}`)));
    const agents = [me.agent, ...extra];
    const [myResults, theirResults] = await Promise.all([
      Promise.all(mine.map((w, i) => complete(agents[i % agents.length]!, w, `parallel ${i}`))),
      Promise.all(others.flatMap((o, k) => theirs[k]!.map((w, i) => complete(o.agent, w, `other ${k}.${i}`)))),
    ]);
    expect([...myResults, ...theirResults].filter((r) => r.isError).map((r) => r.body)).toEqual([]);
    expect((await completedNotes(me)).filter((n) => n.startsWith('parallel ')).sort()).toEqual(
      Array.from({ length: WRITES }, (_, i) => `parallel ${i}`).sort(),
    );
    for (const [k, o] of others.entries()) expect((await completedNotes(o)).sort()).toEqual([`other ${k}.0`, `other ${k}.1`]);
  });

  it.skipIf(engine !== 'postgresql')(
    'while another instance holds the person, their writes wait holding no connection, and other people are answered',
    async () => {
      const mine = await sessionsOf(me, WRITES, 'held');
      const theirs = await Promise.all(others.map((o, i) => sessionsOf(o, 3, `held other ${i}`)));
      const holder = await appDatabase(me.person.email);
      try {
        await holder.query('BEGIN');
        const me_ = await holder.query<{ id: string }>(`SELECT "id" FROM "User" WHERE "email" = $1`, [me.person.email]);
        await holder.query(`SELECT 1 FROM "AthleteState" WHERE "userId" = $1 FOR UPDATE`, [me_.rows[0]!.id]);
        const agents = [me.agent, ...extra];
        const waiting = Promise.all(mine.map((w, i) => complete(agents[i % agents.length]!, w, `held ${i}`)));
        // More calls of other people than the app's pool has connections (10): none may wait for the held person.
        const answered = await within(
          Promise.all(
            others.flatMap((o, k) => [
              ...theirs[k]!.map((w, i) => complete(o.agent, w, `held other ${k}.${i}`)),
              o.agent.try('get_account'),
            ]),
          ),
          30_000,
          "other people's calls",
        );
        expect(answered.filter((r) => r.isError).map((r) => r.body)).toEqual([]);
        // Nothing of the app sits in a lock queue: the person's writers gave their connections back.
        const queued = await holder.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        expect(queued.rows[0]!.n).toBe(0);
        await holder.query('COMMIT');
        const results = await within(waiting, 30_000, "the held person's writes");
        expect(results.filter((r) => r.isError).map((r) => r.body)).toEqual([]);
        expect((await completedNotes(me)).filter((n) => n.startsWith('held ')).sort()).toEqual(
          Array.from({ length: WRITES }, (_, i) => `held ${i}`).sort(),
        );
      } finally {
        await holder.query('ROLLBACK').catch(() => undefined);
        await holder.end();
      }
    },
  );

  it.skipIf(engine !== 'postgresql')(
    "a grant's last-use touch does not queue on its row: the same grant's token checks are answered while it is held",
    async () => {
      // A token the app's own authorization server code issued for this person (its grant's activity row is what is held).
      const { token } = await issueAccessToken(me.userId);
      const holder = await appDatabase(me.person.email);
      try {
        await holder.query('BEGIN');
        // Stale, so every call wants to touch it; held, so a plain UPDATE would wait for this transaction.
        const grant = await holder.query<{ grantId: string }>(
          `UPDATE "OAuthGrantActivity" SET "lastUsedAt" = now() - interval '1 hour'
          WHERE "userId" = (SELECT "id" FROM "User" WHERE "email" = $1) RETURNING "grantId"`,
          [me.person.email],
        );
        expect(grant.rowCount).toBeGreaterThan(0);
        const answered = await within(Promise.all(Array.from({ length: 12 }, () => verifyAccessToken(token))), 30_000, 'the token check');
        expect(answered.filter((r) => r?.userId !== me.userId)).toEqual([]);
        await holder.query('COMMIT');
        // Once the row is free the touch lands again.
        expect((await verifyAccessToken(token))?.userId).toBe(me.userId);
        const after = await holder.query<{ fresh: boolean }>(
          `SELECT "lastUsedAt" > (now() AT TIME ZONE 'UTC') - interval '5 minutes' AS fresh FROM "OAuthGrantActivity" WHERE "grantId" = $1`,
          [grant.rows[0]!.grantId],
        );
        expect(after.rows[0]!.fresh).toBe(true);
      } finally {
        await holder.query('ROLLBACK').catch(() => undefined);
        await holder.end();
      }
    },
  );
});
