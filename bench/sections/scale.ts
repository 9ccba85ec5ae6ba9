// Scale: does a call cost more as a person's history grows, and do writes hold under load?
// People with 1 week, 6 months, 1 year, 2 years and 5 years of history (bench/workers/seed-history.ts:
// written by the tools' own handlers with the coaching clock moved day by day), beside many other
// people (copies of the 1-year person). Every read and write tool is called over /mcp at one connection for each
// person, interleaved call by call with the other people, after the protocol floor's calls
// (bench/baselines/mcp-floor.ts), in rounds; the report gives each tool's ratio to the floor and the ratio of 5 years to 1 week. Then
// get_training_progress at 5 years against the floor at 10 connections, and agents of different
// people at 1, 10 and 50 at once, with what was stored counted against what was acknowledged.
// Runs its own servers: on PGlite the seeding process needs the folder while no server holds it.
import http from 'node:http';
import { freshDatabaseEnv, startServer, type RunningServer } from '../../harness/server';
import { PROTOCOL, subscribedPerson, tool, type Connected } from '../lib/agents';
import { sideBySide, type Comparison } from '../lib/load';
import { runJsonWorker, startChild, TSX, TSX_ARGS } from '../lib/processes';
import { heading, median, percentile, ratio, round, table } from '../lib/stats';
import type { BenchContext } from '../lib/context';

const HISTORIES = [
  { label: '1 week', days: 7 },
  { label: '6 months', days: 182 },
  { label: '1 year', days: 365 },
  { label: '2 years', days: 2 * 365 },
  { label: '5 years', days: 5 * 365 },
] as const;
const LABELS = HISTORIES.map((h) => h.label);
const ONE_YEAR = LABELS.indexOf('1 year');

/** How big a run is: the full run (the issue's sizes) or a reduced one to prove the bench works. */
export type ScaleSize = {
  /** Each history but the week is this share of its length (1: the full run); at least 8 days. */
  historyScale: number;
  /** Other people in the database (copies of the 1-year person). */
  clones: number;
  /** Agents of different people at once; [] for the history rounds only. */
  agents: number[];
};
export const FULL_SIZE: ScaleSize = { historyScale: 1, clones: 100, agents: [1, 10, 50] };

/** Days of history seeded for each label at this size (the week stays a week). */
export function historyDays(size: Pick<ScaleSize, 'historyScale'>): number[] {
  return HISTORIES.map((h) => (h.days === 7 ? 7 : Math.max(8, Math.round(h.days * size.historyScale))));
}

/** The issue's "Done when", read off one engine's results. */
export type ScaleVerdict = { what: string; target: string; measured: string; met: boolean | null }[];

type Person = Connected & { label: string };
type Sample = { ms: number; ok: boolean };
type Caller = { call(name: string, args: Record<string, unknown>): Promise<Sample>; close(): void };

export type ScaleRow = {
  tool: string;
  kind: 'read' | 'write';
  floorP50: number;
  p50: Record<string, number>;
  /** floor p50 / tool p50: the share of the floor's one-connection speed this call keeps. */
  ofFloor: Record<string, number>;
  yearOverWeek: number;
  fiveOverYear: number;
  fiveOverWeek: number;
  failures: number;
};
export type ConcurrencyRow = {
  agents: number;
  calls: number;
  callsPerSecond: number;
  p50: number;
  p95: number;
  failures: number;
  healthFailures: number;
  acknowledged: { completions: number; healthRecords: number };
  stored: { completions: number; healthRecords: number };
};
export type ScaleResults = {
  database: string;
  seeded: Record<string, unknown>;
  rows: ScaleRow[];
  progressAt10: Comparison;
  concurrency: ConcurrencyRow[];
  size: ScaleSize & { days: number[] };
  verdict: ScaleVerdict;
};

const listed = (rows: ScaleRow[], value: (r: ScaleRow) => number) => rows.map((r) => `${r.tool} ${value(r)}`).join(', ');

/** The issue's "Done when" for one engine (met: null when the run did not measure it). */
export function scaleVerdict(r: Pick<ScaleResults, 'rows' | 'progressAt10' | 'concurrency'>): ScaleVerdict {
  const reads = r.rows.filter((x) => x.kind === 'read');
  /** One "every read" row: each read's ratio of two history lengths against its limit. */
  const everyRead = (what: string, limit: number, value: (x: ScaleRow) => number) => {
    const over = reads.filter((x) => !(value(x) <= limit));
    const worst = reads.reduce((a, b) => (value(b) > value(a) ? b : a));
    return {
      what: `every read: ${what}`,
      target: `<= ${limit}`,
      measured: over.length ? `over: ${listed(over, value)}` : `all ${reads.length} within (highest ${worst.tool} ${value(worst)})`,
      met: over.length === 0,
    };
  };
  const ten = r.concurrency.find((c) => c.agents === 10);
  const lost = r.concurrency.filter(
    (c) => c.stored.completions < c.acknowledged.completions || c.stored.healthRecords < c.acknowledged.healthRecords,
  );
  const oneConnectionFailures = r.rows.reduce((n, x) => n + x.failures, 0);
  return [
    everyRead('1 year / 1 week', 1.5, (x) => x.yearOverWeek),
    everyRead('5 years / 1 year', 1.2, (x) => x.fiveOverYear),
    {
      what: 'get_training_progress at 5 years, 10 connections, calls/s of the floor',
      target: '>= 0.2x',
      measured: `${r.progressAt10.ratio}x (${r.progressAt10.target.rps} vs ${r.progressAt10.baseline.rps} calls/s, ${r.progressAt10.targetFailures} failed)`,
      met: r.progressAt10.ratio >= 0.2 && r.progressAt10.targetFailures === 0,
    },
    {
      what: '100-record record_health_data at 10 agents at once',
      target: '0 failed',
      measured: ten ? `${ten.healthFailures} of ${ten.acknowledged.healthRecords / 100 + ten.healthFailures} batches failed` : 'not run',
      met: ten ? ten.healthFailures === 0 : null,
    },
    {
      what: 'acknowledged and not stored (completions, health records), every agent count',
      target: 'none',
      measured: r.concurrency.length
        ? lost.length
          ? `lost at ${lost.map((c) => `${c.agents} agents`).join(', ')}`
          : r.concurrency
              .map(
                (c) =>
                  `${c.agents}: ${c.stored.completions}/${c.acknowledged.completions}, ${c.stored.healthRecords}/${c.acknowledged.healthRecords}`,
              )
              .join('; ')
        : 'not run',
      met: r.concurrency.length ? lost.length === 0 : null,
    },
    {
      what: 'tool calls that failed in the one-connection rounds',
      target: '0',
      measured: String(oneConnectionFailures),
      met: oneConnectionFailures === 0,
    },
  ];
}

/** One kept-alive socket to /mcp: calls one after another, timed here (sub-millisecond). */
function caller(baseUrl: string, token: string | null): Caller {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const url = new URL(`${baseUrl}/mcp`);
  let id = 1;
  const call = (name: string, args: Record<string, unknown>, retry = true): Promise<Sample> =>
    new Promise((resolve, reject) => {
      const body = JSON.stringify({ jsonrpc: '2.0', id: id++, method: 'tools/call', params: { name, arguments: args } });
      const started = performance.now();
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            'mcp-protocol-version': PROTOCOL,
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (d: string) => (text += d));
          res.on('end', () =>
            resolve({
              ms: performance.now() - started,
              ok: res.statusCode === 200 && text.includes('"result"') && !text.includes('"isError":true'),
            }),
          );
        },
      );
      req.on('error', (error: NodeJS.ErrnoException) => {
        // The server closed this kept-alive socket for idleness just as the request went out (it sat
        // idle while the other people's calls ran): the request never reached it, so send it again
        // on a fresh socket, as Node's documentation advises (`reusedSocket`).
        if (retry && req.reusedSocket && error.code === 'ECONNRESET') call(name, args, false).then(resolve, reject);
        else reject(error);
      });
      req.end(body);
    });
  return { call: (name, args) => call(name, args), close: () => agent.destroy() };
}

const days = (from: string, n: number) => new Date(Date.parse(`${from}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** A 100-record batch of new readings (each its own clientRecordId), dated within the last 30 days. */
function healthBatch(prefix: string, today: string): Record<string, unknown>[] {
  return Array.from({ length: 100 }, (_, i) => ({
    type: i % 2 ? 'steps' : 'active_energy',
    value: 100 + i,
    unit: i % 2 ? 'count' : 'kcal',
    start: days(today, -1 - (i % 30)),
    clientRecordId: `${prefix}-${i}`,
  }));
}

const squat = [{ exercise: 'back-squat', sets: [5, 5, 5].map((reps) => ({ reps, load: 70 })) }];

export async function benchScale(
  ctx: BenchContext,
  database: 'postgresql' | 'pglite',
  calls: number,
  size: ScaleSize = FULL_SIZE,
): Promise<ScaleResults> {
  const CONCURRENCY = size.agents;
  const CLONES = size.clones;
  const DAYS = historyDays(size);
  const log = (l: string) => ctx.log(`scale (${database}): ${l}`);
  const db = await freshDatabaseEnv();
  const env = { ...db.env, PACEWISE_SEED: '0', MCP_CALLS_PER_MINUTE: '1000000' };
  const port = ctx.ports.app;
  const appUrl = `http://127.0.0.1:${port}`;
  const workerEnv = { ...env, SITE_URL: appUrl };
  let server: RunningServer | undefined = await startServer({ port, env });
  const floor = await startChild(TSX, [...TSX_ARGS, 'bench/baselines/mcp-floor.ts', String(ctx.ports.mcpFloor)], ctx.appEnv);
  try {
    const today = new Date().toISOString().slice(0, 10);
    log(`people: ${HISTORIES.length} with history (${DAYS.join(', ')} days), ${Math.max(0, ...CONCURRENCY)} for the concurrency run`);
    const people: Person[] = [];
    for (const [i, h] of HISTORIES.entries()) people.push({ ...(await subscribedPerson(appUrl, `scale-${DAYS[i]}`)), label: h.label });
    const crowd: Connected[] = [];
    for (let i = 0; i < Math.max(0, ...CONCURRENCY); i += 5)
      crowd.push(...(await Promise.all(Array.from({ length: 5 }, (_, k) => subscribedPerson(appUrl, `scale-crowd-${i + k}`)))));

    // PGlite is one process's folder: the seeding process takes it while no server runs.
    if (database === 'pglite') {
      await server.stop();
      server = undefined;
    }
    const t0 = Date.now();
    log('history through the tools (clock moved day by day)');
    const seeded = await runJsonWorker<Record<string, unknown>>(
      'bench/workers/seed-history.ts',
      { mode: 'history', people: people.map((p, i) => ({ email: p.person.email, days: DAYS[i]! })), today },
      workerEnv,
    );
    log(`seeded in ${round((Date.now() - t0) / 1000, 0)} s: ${JSON.stringify(seeded)}`);
    const cloned = await runJsonWorker<{ people: number; rows: number }>(
      'bench/workers/seed-history.ts',
      { mode: 'clone', fromEmail: people[ONE_YEAR]!.person.email, count: CLONES },
      workerEnv,
    );
    log(`${cloned.people} other people, ${cloned.rows} rows`);
    if (!server) server = await startServer({ port, env });

    // Reads: a recent session of each person for get_workout.
    const recent = new Map<string, string>();
    for (const p of people) {
      const page = await tool<{ workouts: { id: string; status: string }[] }>(appUrl, p.accessToken, 'list_workouts', {
        from: days(today, -7),
        to: today,
      });
      const done = page.workouts.find((w) => w.status === 'completed');
      if (!done) throw new Error(`scale bench: ${p.label} has no session in the last week`);
      recent.set(p.label, done.id);
    }
    const reads: { name: string; args: (p: Person) => Record<string, unknown> }[] = [
      { name: 'get_account', args: () => ({}) },
      { name: 'get_profile', args: () => ({}) },
      { name: 'list_workouts', args: () => ({}) },
      { name: 'get_workout', args: (p) => ({ id: recent.get(p.label) }) },
      { name: 'get_training_progress', args: () => ({}) },
      { name: 'list_workout_changes', args: (p) => ({ workoutId: recent.get(p.label) }) },
      { name: 'get_health_data', args: () => ({}) },
      { name: 'get_health_data', args: () => ({ aggregation: 'weekly', from: days(today, -364), to: today }) },
      { name: 'list_benchmarks', args: () => ({}) },
      { name: 'list_training_plans', args: () => ({}) },
      { name: 'list_time_off', args: () => ({}) },
      { name: 'list_exercises', args: () => ({}) },
      { name: 'list_integrations', args: () => ({}) },
    ];
    const callers = new Map(people.map((p) => [p.label, caller(appUrl, p.accessToken)]));
    const floorCaller = caller(`http://127.0.0.1:${ctx.ports.mcpFloor}`, null);
    const rows: ScaleRow[] = [];
    type Call = { name: string; args: (p: Person) => Record<string, unknown> };
    // Interleaved rounds of one kind of call, each person's p50 against the floor's, into `rows`.
    const measure = async (kind: 'read' | 'write', list: Call[]) => {
      log(`${kind}s: ${ctx.rounds} interleaved rounds of ${calls} calls per tool and person`);
      type Samples = { floor: number[]; by: Map<string, number[]>; failures: number };
      const samples = new Map<string, Samples>();
      for (let round_ = 0; round_ < ctx.rounds; round_++) {
        for (const [t, spec] of list.entries()) {
          const key = `${spec.name}${t > 0 && list[t - 1]!.name === spec.name ? ' (weekly, 1 year)' : ''}`;
          const s: Samples = samples.get(key) ?? { floor: [], by: new Map<string, number[]>(), failures: 0 };
          samples.set(key, s);
          // Reads: one untimed call of the tool for each person first: the first calls of a tool after
          // another tool's are slower (its code and data are cold again). (Writes each take a target of
          // their own, sessions made for the timed calls only.)
          if (kind === 'read') for (const who of people) await callers.get(who.label)!.call(spec.name.split(' ')[0]!, spec.args(who));
          // The floor's calls first, together (as every section measures it: run between the app's calls,
          // each of its calls would start cold and it measured 1.5-2x its own speed).
          const times = new Map<string | null, number[]>();
          for (let i = 0; i < calls; i++) {
            const r = await floorCaller.call('get_account', {});
            if (!r.ok) s.failures++;
            times.set(null, [...(times.get(null) ?? []), r.ms]);
          }
          // Then call by call: each cycle calls every person once, in an order that turns by one place each
          // cycle, so over `calls` cycles (a multiple of the number of people) every person takes every
          // place equally often. Run person by person (10 calls each, the order turning once a round), the
          // early places were slower and 3 rounds of 5 people gave them to 1 week, 6 months and 1 year
          // only: 1 year's p50 measured 1.2-1.9x that of 2 and 5 years on statements that cost the same.
          for (let i = 0; i < calls; i++) {
            const turn = (round_ + i) % people.length;
            for (const who of [...people.slice(turn), ...people.slice(0, turn)]) {
              const r = await callers.get(who.label)!.call(spec.name.split(' ')[0]!, spec.args(who));
              if (!r.ok) s.failures++;
              times.set(who.label, [...(times.get(who.label) ?? []), r.ms]);
            }
          }
          s.floor.push(median(times.get(null)!));
          for (const who of people) s.by.set(who.label, [...(s.by.get(who.label) ?? []), median(times.get(who.label)!)]);
        }
      }
      for (const [name, s] of samples) {
        const p50 = Object.fromEntries(people.map((p) => [p.label, round(median(s.by.get(p.label)!), 2)]));
        const floorP50 = round(median(s.floor), 2);
        rows.push({
          tool: name,
          kind,
          floorP50,
          p50,
          ofFloor: Object.fromEntries(people.map((p) => [p.label, ratio(floorP50, p50[p.label]!)])),
          yearOverWeek: ratio(p50['1 year']!, p50['1 week']!),
          fiveOverYear: ratio(p50['5 years']!, p50['1 year']!),
          fiveOverWeek: ratio(p50['5 years']!, p50['1 week']!),
          failures: s.failures,
        });
      }
    };
    await measure('read', reads);

    log('get_training_progress at 5 years vs the floor, 10 connections');
    const five = people.at(-1)!;
    const spec = (url: string, name: string, token: string | null) => ({
      method: 'POST' as const,
      url: `${url}/mcp`,
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': PROTOCOL,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: {} } }),
      connections: 10,
      durationSeconds: ctx.durationSeconds,
    });
    const progressAt10 = await sideBySide(
      'get_training_progress, 5 years, vs floor',
      spec(appUrl, 'get_training_progress', five.accessToken),
      spec(`http://127.0.0.1:${ctx.ports.mcpFloor}`, 'get_account', null),
      ctx.rounds,
    );

    // Writes: each call its own target (sessions for today made over /mcp before the write rounds). They are
    // made after the reads and the 10-connection round: a day of bench sessions is not the person's history.
    const perTool = ctx.rounds * calls;
    log(`write targets: ${3 * perTool} sessions for today per person`);
    const targets = new Map<string, string[]>();
    for (const p of people) {
      const ids: string[] = [];
      for (let i = 0; i < 3 * perTool; i++)
        ids.push(
          (
            await tool<{ workout: { id: string } }>(appUrl, p.accessToken, 'create_workout', {
              date: today,
              title: `target ${i}`,
              strength: squat,
            })
          ).workout.id,
        );
      targets.set(p.label, ids);
    }
    const take = (p: Person) => targets.get(p.label)!.pop()!;
    let n = 0;
    const writes: { name: string; args: (p: Person) => Record<string, unknown> }[] = [
      { name: 'complete_workout', args: (p) => ({ id: take(p), strength: squat, notes: 'bench' }) },
      { name: 'skip_workout', args: (p) => ({ id: take(p), reason: 'bench' }) },
      { name: 'update_workout', args: (p) => ({ id: targets.get(p.label)![0], notes: `bench ${n++}` }) },
      { name: 'delete_workout', args: (p) => ({ id: take(p) }) },
      { name: 'create_workout', args: () => ({ date: days(today, 3), title: 'bench create', strength: squat }) },
      { name: 'record_health_data (100 records)', args: (p) => ({ records: healthBatch(`b-${p.label.replace(' ', '')}-${n++}`, today) }) },
      { name: 'log_body_weight', args: () => ({ weight: 80 + (n++ % 10) / 10, unit: 'kg' }) },
      { name: 'update_profile', args: () => ({ experience: 'novice' }) },
    ];

    await measure('write', writes);
    for (const c of [...callers.values(), floorCaller]) c.close();

    // Agents of different people at once: each loops record_health_data (100 records), create and
    // complete a session, list_workouts, for the run's duration.
    const concurrency: ConcurrencyRow[] = [];
    const acks: { prefix: string; completions: number; health: number; emails: string[] }[] = [];
    for (const agents of CONCURRENCY) {
      log(`${agents} agents for ${ctx.durationSeconds * 2} s`);
      const prefix = `c${agents}x`;
      const until = Date.now() + ctx.durationSeconds * 2000;
      const times: number[] = [];
      let failures = 0;
      let healthFailures = 0;
      let completions = 0;
      let health = 0;
      const group = crowd.slice(0, agents);
      const started = Date.now();
      await Promise.all(
        group.map(async (a, k) => {
          const c = caller(appUrl, a.accessToken);
          let i = 0;
          try {
            while (Date.now() < until) {
              const batch = await c.call('record_health_data', { records: healthBatch(`${prefix}-${k}-${i}`, today) });
              times.push(batch.ms);
              if (batch.ok) health += 100;
              else healthFailures++;
              const created = await tool<{ workout: { id: string } }>(appUrl, a.accessToken, 'create_workout', {
                date: today,
                strength: squat,
              }).catch(() => null);
              if (created) {
                const done = await c.call('complete_workout', { id: created.workout.id, strength: squat, notes: `${prefix}-${k}-${i}` });
                times.push(done.ms);
                if (done.ok) completions++;
                else failures++;
              } else failures++;
              const list = await c.call('list_workouts', {});
              times.push(list.ms);
              if (!list.ok) failures++;
              i++;
            }
          } finally {
            c.close();
          }
        }),
      );
      const seconds = (Date.now() - started) / 1000;
      acks.push({ prefix, completions, health, emails: group.map((g) => g.person.email) });
      concurrency.push({
        agents,
        calls: times.length,
        callsPerSecond: round(times.length / seconds, 1),
        p50: round(median(times), 1),
        p95: round(percentile(times, 95), 1),
        failures: failures + healthFailures,
        healthFailures,
        acknowledged: { completions, healthRecords: health },
        stored: { completions: -1, healthRecords: -1 },
      });
    }
    // What was stored, read by another process (on PGlite once the server has let the folder go).
    await server.stop();
    server = undefined;
    for (const [i, a] of acks.entries()) {
      const stored = await runJsonWorker<{ completed: number; health: number }>(
        'bench/workers/seed-history.ts',
        { mode: 'count', emails: a.emails, notePrefix: `${a.prefix}-`, idPrefix: `${a.prefix}-` },
        workerEnv,
      );
      concurrency[i]!.stored = { completions: stored.completed, healthRecords: stored.health };
    }

    const engine = database === 'postgresql' ? 'PostgreSQL' : 'PGlite';
    ctx.print(
      heading(
        `Scale on ${engine}: one connection, p50 ms of ${calls} calls x ${ctx.rounds} interleaved rounds (medians); x floor = floor p50 / tool p50; ${CLONES} other people in the database`,
      ),
    );
    const header = ['tool', 'floor', ...LABELS, ...LABELS.map((l) => `x floor ${l}`), '1y/1w', '5y/1y', '5y/1w', 'failed'];
    ctx.print(
      table([
        header,
        ...rows.map((r) => [
          r.tool,
          r.floorP50,
          ...LABELS.map((l) => r.p50[l]!),
          ...LABELS.map((l) => r.ofFloor[l]!),
          r.yearOverWeek,
          r.fiveOverYear,
          r.fiveOverWeek,
          r.failures,
        ]),
      ]),
    );
    ctx.print(`Targets (reads): 1y/1w <= 1.5, 5y/1y <= 1.2. Seeded: ${JSON.stringify(seeded)}`);
    ctx.print(heading(`Scale on ${engine}: get_training_progress at 5 years vs the floor, 10 connections (target >= 0.2x)`));
    ctx.print(
      table([
        ['what', 'calls/s', 'floor calls/s', 'ratio', 'p50 ms', 'p99 ms', 'failed'],
        [
          progressAt10.name,
          progressAt10.target.rps,
          progressAt10.baseline.rps,
          progressAt10.ratio,
          progressAt10.target.p50,
          progressAt10.target.p99,
          progressAt10.targetFailures,
        ],
      ]),
    );
    ctx.print(
      heading(
        `Scale on ${engine}: agents of different people at once (record_health_data of 100, create + complete, list_workouts), stored vs acknowledged`,
      ),
    );
    ctx.print(
      table([
        [
          'agents',
          'calls',
          'calls/s',
          'p50 ms',
          'p95 ms',
          'failed',
          'health failed',
          'completions ack/stored',
          'health records ack/stored',
        ],
        ...concurrency.map((c) => [
          c.agents,
          c.calls,
          c.callsPerSecond,
          c.p50,
          c.p95,
          c.failures,
          c.healthFailures,
          `${c.acknowledged.completions}/${c.stored.completions}`,
          `${c.acknowledged.healthRecords}/${c.stored.healthRecords}`,
        ]),
      ]),
    );
    const verdict = scaleVerdict({ rows, progressAt10, concurrency });
    const reduced = size.historyScale !== 1 || size.clones !== FULL_SIZE.clones || size.agents.join() !== FULL_SIZE.agents.join();
    ctx.print(
      heading(
        `Scale on ${engine}: the issue's "Done when"${reduced ? ` (REDUCED SIZE: histories of ${DAYS.join('/')} days, ${CLONES} other people, agents ${CONCURRENCY.join('/') || 'none'}; this proves the bench runs, it does not judge the targets)` : ''}`,
      ),
    );
    ctx.print(
      table([
        ['what', 'target', 'measured', 'met'],
        ...verdict.map((v) => [v.what, v.target, v.measured, v.met === null ? 'not run' : v.met ? 'yes' : 'NO']),
      ]),
    );
    return { database, seeded, rows, progressAt10, concurrency, size: { ...size, days: DAYS }, verdict };
  } finally {
    await floor.stop();
    if (server) await server.stop();
    await db.cleanup();
  }
}
