// The stress run: fuzz at scale, load over two instances, faults. Prints one table per part and a
// verdict; exits non-zero when any check fails.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { simulatedAddress } from '../../harness/oauth';
import { DIST_DIR, ROOT, TEST_PORT, build, ensureBuild, freshDatabaseEnv, startServer, type RunningServer } from '../../harness/server';
import { UNREPRESENTABLE_METHODS, hostileJson, hostileString, rawRequest } from '../../harness/hostile';
import { machine } from '../main';
import { connectAgent, subscribedPerson, type Connected } from '../lib/agents';
import { startCluster, type Cluster } from '../lib/postgres';
import { heading, percentile, round, table } from '../lib/stats';
import { Agent, tally, type Outcome } from './agent';
import { diffFingerprints, families, fingerprint, workoutLedger } from './checks';

type Check = { name: string; ok: boolean; detail: string };

function option(args: string[], name: string): string | undefined {
  return args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs `fn` over `items`, `concurrency` at a time. */
async function pool<T, R>(items: T[], concurrency: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      for (let i = next++; i < items.length; i = next++) out[i] = await fn(items[i]!, i);
    }),
  );
  return out;
}

export async function stress(args: string[]): Promise<number> {
  const only = option(args, 'only')?.split(',');
  const wanted = (s: string) => !only || only.includes(s);
  const agentsWanted = Number(option(args, 'agents') ?? 100);
  const seconds = Number(option(args, 'seconds') ?? 60);
  const fuzzScale = option(args, 'fuzz-scale') ?? '10';
  const port = TEST_PORT;
  const siteUrl = `http://127.0.0.1:${port}`;
  const log = (l: string) => console.error(`[stress] ${l}`);
  const checks: Check[] = [];
  const check = (name: string, ok: boolean, detail: string) => {
    checks.push({ name, ok, detail });
    log(`${ok ? 'PASS' : 'FAIL'} ${name}: ${detail}`);
  };
  const report: Record<string, unknown> = { date: new Date().toISOString(), machine: machine() };

  // Always a fresh build of the working tree (a stale one would test old code), unless asked.
  if (args.includes('--reuse-build')) ensureBuild(siteUrl);
  else build(siteUrl);
  const pg = await startCluster(port + 8);
  if (!('adminUrl' in pg)) {
    console.error(`stress: ${pg.missing}.`);
    return 2;
  }
  const cluster: Cluster = pg;
  process.env.DATABASE_URL = cluster.adminUrl;
  const cleanup: (() => Promise<void>)[] = [async () => cluster.stop()];
  const stopAll = async () => {
    // Bounded: a process killed by the fault test has nothing left to wait for.
    for (const fn of cleanup.reverse()) await Promise.race([fn().catch(() => undefined), sleep(10_000)]);
    cleanup.length = 0;
  };
  process.once('SIGINT', () => void stopAll().then(() => process.exit(130)));

  try {
    /* ---------- fuzz at scale (its own server and database, from the vitest harness) ---------- */
    if (wanted('fuzz')) {
      log(`fuzz suite at FUZZ_SCALE=${fuzzScale} on PostgreSQL`);
      const out = path.join(ROOT, DIST_DIR, `stress-fuzz-${process.pid}.json`);
      const t0 = Date.now();
      const r = spawnSync(
        path.join(ROOT, 'node_modules', '.bin', 'vitest'),
        ['run', '--project', 'integration', 'tests/integration/fuzz', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
        { cwd: ROOT, env: { ...process.env, FUZZ_SCALE: fuzzScale }, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
      );
      const output = `${r.stdout}\n${r.stderr}`;
      const inputs = [...output.matchAll(/fuzz \w+: (\d+) inputs/g)].reduce((a, m) => a + Number(m[1]), 0);
      let passed = 0;
      let failed = 1;
      try {
        const j = JSON.parse(fs.readFileSync(out, 'utf8')) as { numPassedTests: number; numFailedTests: number };
        passed = j.numPassedTests;
        failed = j.numFailedTests;
        fs.rmSync(out, { force: true });
      } catch {
        // the run died before its report
      }
      const counterexamples = [...output.matchAll(/Counterexample: (.{0,300})/g)].map((m) => m[1]!);
      const plain = output.replace(/\x1b\[[0-9;]*m/g, '');
      const failures = [...plain.matchAll(/FAIL .*? > (.+)\n[\s\S]*?Caused by: (.{0,300})/g)].map(
        (m) => `${m[1]!.trim()}: ${m[2]!.trim()}`,
      );
      if (failures.length) log(`fuzz failures:\n  ${failures.join('\n  ')}`);
      report.fuzz = {
        scale: Number(fuzzScale),
        inputs,
        passed,
        failed,
        seconds: Math.round((Date.now() - t0) / 1000),
        failures,
        counterexamples,
      };
      check(
        `fuzz suite x${fuzzScale}`,
        r.status === 0 && failed === 0,
        `${inputs} inputs, ${passed} tests passed, ${failed} failed${counterexamples.length ? `; first counterexample ${counterexamples[0]}` : ''}`,
      );
    }

    /* ---------- two instances on one database ---------- */
    const needServers = wanted('load') || wanted('faults') || wanted('fuzz');
    let a: RunningServer | undefined;
    let b: RunningServer | undefined;
    let dbUrl = '';
    let serverEnv: Record<string, string> = {};
    const startB = async () => {
      b = await startServer({ port: port + 1, env: serverEnv });
      cleanup.push(() => b!.stop());
    };
    if (needServers) {
      const db = await freshDatabaseEnv();
      cleanup.push(db.cleanup);
      dbUrl = db.env.DATABASE_URL!;
      // One deployment: both instances share the origin (issuer, tool URL) and the secrets.
      serverEnv = { ...db.env, SITE_URL: siteUrl, PACEWISE_SEED: '0' };
      a = await startServer({ port, env: serverEnv });
      cleanup.push(() => a!.stop());
      await startB();
      log(`two instances: ${a.url} and ${b!.url} on one PostgreSQL database`);
    }
    const resource = `${siteUrl}/mcp`;

    /* ---------- rejected writes leave every data table unchanged; unrepresentable methods ---------- */
    if (wanted('fuzz') && a) {
      const me = await subscribedPerson(a.url, 'stress-fuzz-db');
      const agent = new Agent(0, me, resource);
      const writes = [
        'create_workout',
        'update_workout',
        'complete_workout',
        'delete_workout',
        'update_profile',
        'log_body_weight',
        'set_benchmark',
        'record_health_data',
        'create_training_plan',
        'update_training_plan',
        'delete_training_plan',
        'skip_workout',
        'disconnect_integration',
      ];
      const samples = fc.sample(
        fc.record({
          name: fc.constantFrom(...writes),
          args: fc.dictionary(
            fc.constantFrom(
              'date',
              'id',
              'weight',
              'unit',
              'notes',
              'strength',
              'run',
              'timezone',
              'kind',
              'value',
              'planId',
              'workoutId',
              'provider',
            ),
            hostileJson,
            { maxKeys: 5 },
          ),
        }),
        Number(fuzzScale) * 30,
      );
      let rejected = 0;
      let accepted = 0;
      let changed: string[] = [];
      let before = await fingerprint(dbUrl);
      for (const s of samples) {
        const r = await agent.call(a.url, s.name, s.args);
        const after = await fingerprint(dbUrl);
        if (r.ok) accepted++;
        else {
          rejected++;
          const diff = diffFingerprints(before, after);
          if (diff.length) changed.push(`${s.name} ${JSON.stringify(s.args).slice(0, 120)} changed ${diff.join(', ')}`);
        }
        before = after;
      }
      // Hostile OAuth writes that cannot be genuine (unknown clients and tokens).
      const oauthSamples = fc.sample(
        fc.record({
          path: fc.constantFrom('/register', '/token', '/revoke', '/device_authorization'),
          form: fc.dictionary(
            fc.constantFrom('client_id', 'token', 'refresh_token', 'grant_type', 'resource', 'scope', 'device_code', 'client_name'),
            hostileString,
            { maxKeys: 5 },
          ),
        }),
        Number(fuzzScale) * 20,
      );
      before = await fingerprint(dbUrl);
      let oauthRejected = 0;
      for (const s of oauthSamples) {
        const res = await fetch(`${a.url}${s.path}`, {
          method: 'POST',
          headers: { 'x-forwarded-for': simulatedAddress(), ...(s.path === '/register' ? { 'content-type': 'application/json' } : {}) },
          body: s.path === '/register' ? JSON.stringify(s.form) : new URLSearchParams(s.form),
        });
        await res.arrayBuffer();
        if (res.status >= 400) oauthRejected++;
      }
      const oauthDiff = diffFingerprints(before, await fingerprint(dbUrl));
      changed = changed.concat(oauthDiff.length ? [`hostile OAuth requests changed ${oauthDiff.join(', ')}`] : []);
      report.rejectedWrites = { toolCalls: samples.length, rejected, accepted, oauthRequests: oauthSamples.length, oauthRejected, changed };
      check(
        'rejected writes change no row (database digest)',
        changed.length === 0,
        `${rejected} rejected tool writes, ${oauthRejected} rejected OAuth requests; ${changed.length ? changed.slice(0, 3).join(' | ') : 'every data table identical after each'}`,
      );

      const methods: Record<string, number> = {};
      for (const m of UNREPRESENTABLE_METHODS)
        for (const p of ['/', '/api/public/posts', '/mcp']) {
          const reply = await rawRequest(port, `${m} ${p} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
          methods[`${m} ${p}`] = reply.status;
        }
      report.unrepresentableMethods = methods;
      const fiveHundreds = Object.entries(methods).filter(([, s]) => s >= 500);
      check(
        'TRACE/TRACK/CONNECT answered without a 5xx',
        fiveHundreds.length === 0,
        fiveHundreds.length ? `known Next.js defect: ${fiveHundreds.map(([k, s]) => `${k} -> ${s}`).join(', ')}` : 'all below 500',
      );
    }

    /* ---------- load: agents over both instances ---------- */
    if (wanted('load') && a && b) {
      const perPerson = 4;
      const people = Math.ceil(agentsWanted / perPerson);
      log(`load: setting up ${people} subscribed people x ${perPerson} agents`);
      const t0 = Date.now();
      const connected = await pool(
        Array.from({ length: people }, (_, i) => i),
        4,
        async (i) => {
          const first = await subscribedPerson(a!.url, `stress-${i}`);
          const more: Connected[] = [];
          for (let k = 1; k < perPerson; k++) more.push(await connectAgent(a!.url, first.person, `stress ${i}.${k}`));
          return [first, ...more];
        },
      );
      const agents = connected
        .flat()
        .slice(0, agentsWanted)
        .map((c, i) => new Agent(i, c, resource));
      log(`load: ${agents.length} agents ready in ${Math.round((Date.now() - t0) / 1000)}s; running ${seconds}s`);
      const outcomes: Outcome[] = [];
      const deadline = Date.now() + seconds * 1000;
      const today = new Date();
      await Promise.all(
        agents.map(async (agent) => {
          while (Date.now() < deadline) {
            const url = Math.random() < 0.5 ? a!.url : b!.url;
            const r = Math.random();
            if (r < 0.4) outcomes.push(await agent.call(url, 'list_workouts', {}));
            else if (r < 0.55) outcomes.push(await agent.call(url, 'get_account', {}));
            else if (r < 0.85) outcomes.push(await agent.createWorkout(url, today));
            else outcomes.push(await agent.refresh(url));
          }
        }),
      );
      const t = tally(outcomes);
      const lat = (op: string) => outcomes.filter((o) => o.op === op && o.ok).map((o) => o.ms);
      const ledger = await workoutLedger(
        dbUrl,
        agents.flatMap((x) => x.acknowledged),
      );

      // Rotation: a consumed refresh token is refused and revokes its family; the others still work.
      const probes = agents.filter((x) => x.consumed.length > 0).slice(0, 10);
      let reuseRefused = 0;
      let familyRevoked = 0;
      for (const p of probes) {
        const stale = p.consumed.at(-1)!;
        const res = await fetch(`${a.url}/token`, {
          method: 'POST',
          headers: { 'x-forwarded-for': p.address },
          body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: stale, client_id: p.tokens.clientId, resource }),
        });
        const body = (await res.json()) as { error?: string };
        if (res.status === 400 && body.error === 'invalid_grant') reuseRefused++;
        const after = await p.call(b.url, 'get_account', {});
        if (after.status === 401) familyRevoked++;
      }
      const others = agents.filter((x) => !probes.includes(x));
      const stillWorking = (await pool(others, 10, async (x) => (await x.call(x.id % 2 ? a!.url : b!.url, 'get_account', {})).ok)).filter(
        Boolean,
      ).length;
      const fam = await families(
        dbUrl,
        agents.map((x) => x.tokens.clientId),
      );
      const rotations = agents.reduce((n, x) => n + x.rotations, 0);

      report.load = {
        agents: agents.length,
        instances: 2,
        seconds,
        requests: t.total,
        perSecond: round(t.total / seconds, 1),
        ok: t.ok,
        rateLimited: t.rateLimited,
        failed: t.failed,
        failures: t.failures,
        latencyMs: Object.fromEntries(
          ['list_workouts', 'get_account', 'create_workout', 'refresh'].map((op) => [
            op,
            { n: lat(op).length, p50: round(percentile(lat(op), 50), 0), p99: round(percentile(lat(op), 99), 0) },
          ]),
        ),
        ledger,
        rotations,
        reuseProbes: probes.length,
        reuseRefused,
        familyRevoked,
        othersWorking: `${stillWorking}/${others.length}`,
        families: fam,
      };
      console.log(heading(`Load: ${agents.length} agents, ${seconds}s, two next start instances on one PostgreSQL`));
      console.log(
        table([
          ['operation', 'ok', 'p50 ms', 'p99 ms'],
          ...['list_workouts', 'get_account', 'create_workout', 'refresh'].map((op) => [
            op,
            lat(op).length,
            round(percentile(lat(op), 50), 0),
            round(percentile(lat(op), 99), 0),
          ]),
          ['all', t.ok, '', ''],
        ]),
      );
      console.log(`requests ${t.total} (${round(t.total / seconds, 1)}/s), 429s ${t.rateLimited}, other failures ${t.failed}`);
      check(
        'load: zero errors besides 429s',
        t.failed === 0,
        t.failed ? JSON.stringify(t.failures).slice(0, 400) : `${t.total} requests, ${t.rateLimited} x 429`,
      );
      check(
        'load: no lost or duplicated writes',
        ledger.lost === 0 && ledger.duplicated === 0 && ledger.unacknowledged === 0,
        `${ledger.acknowledged} acknowledged creates, ${ledger.rows} rows, lost ${ledger.lost}, duplicated ${ledger.duplicated}, unacknowledged ${ledger.unacknowledged}`,
      );
      check(
        'load: tokens rotate correctly',
        reuseRefused === probes.length &&
          familyRevoked === probes.length &&
          stillWorking === others.length &&
          fam.inconsistent.length === 0,
        `${rotations} rotations; reused refresh token refused ${reuseRefused}/${probes.length} and its family revoked ${familyRevoked}/${probes.length}; other agents working ${stillWorking}/${others.length}; families live ${fam.live}, revoked ${fam.revoked}, inconsistent ${fam.inconsistent.length}`,
      );
    }

    /* ---------- faults ---------- */
    if (wanted('faults') && a && b) {
      // 1. The database crashes and comes back while agents work; the instances are not restarted.
      if (cluster.owned) {
        const person = await subscribedPerson(a.url, 'stress-fault-db');
        const agents: Agent[] = [new Agent(1000, person, resource)];
        for (let k = 1; k < 10; k++) agents.push(new Agent(1000 + k, await connectAgent(a.url, person.person, `fault ${k}`), resource));
        const outcomes: Outcome[] = [];
        const start = Date.now();
        const downAt = start + 8000;
        const upAt = downAt + 8000;
        const end = upAt + 20_000;
        let restarted = 0;
        const driver = (async () => {
          await sleep(downAt - Date.now());
          log('faults: database crash (pg_ctl -m immediate stop)');
          cluster.crash();
          await sleep(upAt - Date.now());
          cluster.start();
          restarted = Date.now();
          log('faults: database started again');
        })();
        const today = new Date();
        await Promise.all(
          agents.map(async (agent, i) => {
            while (Date.now() < end) {
              const url = i % 2 ? a!.url : b!.url;
              const o = Math.random() < 0.5 ? await agent.call(url, 'list_workouts', {}) : await agent.createWorkout(url, today);
              outcomes.push(o);
              if (!o.ok) await sleep(250);
            }
          }),
        );
        await driver;
        const during = outcomes.filter((o) => o.at >= downAt && o.at < restarted);
        const after = outcomes.filter((o) => o.at >= restarted);
        const firstOk = after.find((o) => o.ok);
        const recoverySeconds = firstOk ? round((firstOk.at - restarted) / 1000, 1) : NaN;
        const lateFailures = after.filter((o) => !o.ok && o.at > restarted + 10_000);
        const hung = outcomes.filter((o) => o.detail?.startsWith('network: The operation was aborted'));
        // Clear: an answer that says the service failed. Not clear: no answer, or a 401 invalid_token,
        // which tells the agent its token is bad (it would refresh or sign in again) when it is not.
        const unclear = during.filter((o) => !o.ok && (o.status === 0 || o.status === 401 || !o.detail));
        const ledger = await workoutLedger(
          dbUrl,
          agents.flatMap((x) => x.acknowledged),
        );
        const duringTally = tally(during);
        report.faultDatabaseRestart = {
          downSeconds: 8,
          requestsDuringOutage: during.length,
          outageFailures: duringTally.failures,
          maxLatencyMsDuringOutage: round(Math.max(0, ...during.map((o) => o.ms)), 0),
          recoverySeconds,
          failuresLaterThan10sAfterRestart: lateFailures.length,
          hung: hung.length,
          ledger,
        };
        check(
          'fault: database restart mid-run',
          hung.length === 0 &&
            unclear.length === 0 &&
            lateFailures.length === 0 &&
            firstOk !== undefined &&
            ledger.lost === 0 &&
            ledger.duplicated === 0,
          `${during.length} requests during the outage, ${unclear.length} unclear (no answer or 401): ${JSON.stringify(duringTally.failures).slice(0, 300)}; first success ${recoverySeconds}s after restart; failures >10s after: ${lateFailures.length}; hung: ${hung.length}; lost writes ${ledger.lost}`,
        );
      } else log('faults: database restart skipped (DATABASE_URL is not ours to restart)');

      // 2. An instance killed while refreshes are in flight: every family ends consistent.
      const person = await subscribedPerson(a.url, 'stress-fault-kill');
      const victims: Agent[] = [new Agent(2000, person, resource)];
      for (let k = 1; k < 20; k++) victims.push(new Agent(2000 + k, await connectAgent(a.url, person.person, `kill ${k}`), resource));
      const victim = b;
      const inFlight = victims.map((v) => v.refresh(victim.url, 10_000));
      // Killed as soon as the first rotation is answered: the others are at every stage of theirs.
      await Promise.race(inFlight);
      victim.process.kill('SIGKILL');
      log('faults: instance B killed with refreshes in flight');
      const answered = await Promise.all(inFlight);
      let recoveredWithOld = 0;
      let refusedAsReuse = 0;
      let otherOutcome = 0;
      for (const v of victims) {
        const r = await v.refresh(a.url);
        if (r.ok) recoveredWithOld++;
        else if (r.status === 400 && r.detail?.startsWith('invalid_grant')) refusedAsReuse++;
        else otherOutcome++;
      }
      const fam = await families(
        dbUrl,
        victims.map((v) => v.tokens.clientId),
      );
      // A refused family must be dead everywhere: its last access token no longer works.
      const deadStillWorking =
        (await Promise.all(victims.map(async (v) => ({ v, ok: (await v.call(a!.url, 'get_account', {})).ok })))).filter(({ ok }) => ok)
          .length - recoveredWithOld;
      report.faultKilledInstance = {
        families: victims.length,
        answeredBeforeKill: answered.filter((o) => o.ok).length,
        lostInFlight: answered.filter((o) => !o.ok).length,
        recoveredWithOldToken: recoveredWithOld,
        refusedAsReuseAndRevoked: refusedAsReuse,
        otherOutcome,
        familyState: fam,
      };
      check(
        'fault: instance killed mid-refresh leaves every family consistent',
        fam.inconsistent.length === 0 && otherOutcome === 0 && deadStillWorking <= 0 && fam.live === recoveredWithOld,
        `${answered.filter((o) => o.ok).length} answered before the kill, ${answered.filter((o) => !o.ok).length} cut off; then ${recoveredWithOld} families continued with their token, ${refusedAsReuse} were refused as reuse and revoked; live ${fam.live}, revoked ${fam.revoked}, inconsistent ${fam.inconsistent.length}${fam.inconsistent.length ? `: ${fam.inconsistent.slice(0, 3).join('; ')}` : ''}`,
      );
    }
  } finally {
    await stopAll();
  }

  console.log(heading('Stress verdict'));
  console.log(table([['check', 'result', 'detail'], ...checks.map((c) => [c.name, c.ok ? 'PASS' : 'FAIL', c.detail.slice(0, 160)])]));
  const m = machine();
  console.log(`\n${new Date().toISOString().slice(0, 10)} on ${m.cores} cores (${m.cpu}), Node ${m.node}`);
  const out = path.join(ROOT, 'bench', 'stress-results.json');
  fs.writeFileSync(out, JSON.stringify({ ...report, checks }, null, 2) + '\n');
  console.log(`wrote ${path.relative(process.cwd(), out)}`);
  const passed = checks.filter((c) => c.ok).length;
  console.log(`stress: ${passed} passed, ${checks.length - passed} failed`);
  return checks.every((c) => c.ok) ? 0 : 1;
}
