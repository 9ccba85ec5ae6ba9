// Benchmarks as the coach uses them: the newest estimate per lift and the newest race VDOT, and
// what a newly recorded benchmark does to the future (new paces, new loads), under the person's lock.
import type { Benchmark } from '@/lib/generated/prisma/client';
import { derivedEstimate, listBenchmarks, type LiftBenchmarkInput, type RaceBenchmarkInput } from '@/lib/profile/benchmarks';
import { findExercise } from '@/lib/training/catalogue';
import type { LiftState, PlanChange } from '@/lib/training/types';
import { formatDistance, formatDuration, formatLoad } from '@/lib/training/units';
import { futureScheduled, recordEvent, saveReprescribed, withAthleteLock, type Athlete, type Tx } from './athlete-store';
import type { CoachingContext } from './context';
import { toWorkout } from './records';
import { loadStep, repace, reprojectLifts, seedLift } from './reprojection';

export type LiftEstimate = { e1rmKg: number; date: string; benchmarkId: string };
export type RaceEstimate = { vdot: number; date: string; benchmarkId: string };
export type BenchmarkEstimates = { lifts: Record<string, LiftEstimate>; race?: RaceEstimate };

/** The newest benchmark per lift and the newest race (listBenchmarks is newest first). */
export function newestEstimates(benchmarks: readonly Benchmark[]): BenchmarkEstimates {
  const lifts: Record<string, LiftEstimate> = {};
  let race: RaceEstimate | undefined;
  for (const b of benchmarks) {
    const est = derivedEstimate(b);
    if (b.kind === 'lift' && b.exercise && est.e1rmKg !== undefined && !lifts[b.exercise]) {
      lifts[b.exercise] = { e1rmKg: est.e1rmKg, date: b.date, benchmarkId: b.id };
    }
    if (b.kind === 'race' && est.vdot !== undefined && !race) race = { vdot: est.vdot, date: b.date, benchmarkId: b.id };
  }
  return race ? { lifts, race } : { lifts };
}

export async function benchmarkEstimates(userId: string): Promise<BenchmarkEstimates> {
  return newestEstimates(await listBenchmarks(userId, {}));
}

export type BenchmarkEffect = { changes: (PlanChange & { title: string })[]; notes: string[] };

/**
 * Records a benchmark and applies it. A benchmark is the person's declared current ability: the newest one replaces the coach's
 * estimate (up or down) and every future scheduled session is re-prescribed from it. A back-dated
 * benchmark older than the evidence the coach already has changes nothing.
 */
export async function recordBenchmark(ctx: CoachingContext, input: LiftBenchmarkInput | RaceBenchmarkInput): Promise<{ benchmark: Benchmark; effect: BenchmarkEffect }> {
  return withAthleteLock(ctx.userId, ctx.profile, async (tx, athlete) => {
    // Stored and applied in one transaction: never a benchmark the plan has not seen.
    const benchmark = await tx.benchmark.create({ data: { userId: ctx.userId, ...input } });
    return { benchmark, effect: await applyBenchmark(tx, ctx, athlete, benchmark) };
  });
}

async function applyBenchmark(tx: Tx, ctx: CoachingContext, athlete: Athlete, benchmark: Benchmark): Promise<BenchmarkEffect> {
  const est = derivedEstimate(benchmark);
  const notes: string[] = [];
  let changes: PlanChange[] = [];
  const future = (await futureScheduled(tx, ctx.userId, ctx.today)).map(toWorkout);
  if (benchmark.kind === 'race' && est.vdot !== undefined && benchmark.distanceM != null && benchmark.timeS != null) {
    const old = athlete.state.vdot;
    const what = `${formatDistance(benchmark.distanceM, athlete.state.distanceUnit)} in ${formatDuration(benchmark.timeS)} on ${benchmark.date}`;
    if (athlete.vdotDate !== null && benchmark.date < athlete.vdotDate) {
      notes.push(`Benchmark ${what} (VDOT ${est.vdot.toFixed(1)}) is older than the current estimate (from ${athlete.vdotDate}): paces unchanged.`);
    } else {
      athlete.state = { ...athlete.state, vdot: est.vdot };
      athlete.vdotDate = benchmark.date;
      const headline = `New race benchmark ${what} is worth VDOT ${est.vdot.toFixed(1)} (was ${old === undefined ? 'unset' : old.toFixed(1)}), so target paces are recalculated`;
      notes.push(headline);
      const result = repace(future, est.vdot, athlete.state, headline);
      await saveReprescribed(tx, ctx.userId, result.updated, ctx.today);
      changes = result.changes;
    }
  }
  if (benchmark.kind === 'lift' && est.e1rmKg !== undefined && benchmark.exercise) {
    const id = benchmark.exercise;
    const name = findExercise(id)?.name ?? id;
    const lift = athlete.state.lifts[id];
    const what = `${name} ${formatLoad(benchmark.loadKg ?? 0, athlete.state.unit)} × ${benchmark.reps} on ${benchmark.date}`;
    if (lift?.lastDate !== undefined && benchmark.date < lift.lastDate) {
      notes.push(`Benchmark ${what} is older than the last logged ${name} session (${lift.lastDate}): loads unchanged.`);
    } else {
      const e1rm = Math.round(est.e1rmKg * 10) / 10;
      let next: LiftState = { failureStreak: 0, ...lift, e1rmKg: e1rm };
      // A lift planned without a benchmark has no working load yet: start it the way plans do.
      const block = future.flatMap((w) => w.strength).find((b) => b.exerciseId === id);
      if (next.workingLoadKg === undefined && block) {
        const seeded = seedLift(block, e1rm, athlete.state.unit, loadStep(athlete.state));
        next = { ...seeded, ...next, ...(seeded.workingLoadKg !== undefined ? { workingLoadKg: seeded.workingLoadKg } : {}) };
      }
      athlete.state = { ...athlete.state, lifts: { ...athlete.state.lifts, [id]: next } };
      const headline = `New benchmark ${what} puts the ${name} e1RM at ${formatLoad(e1rm, athlete.state.unit)}${
        lift?.e1rmKg !== undefined ? ` (was ${formatLoad(lift.e1rmKg, athlete.state.unit)})` : ''
      }, so loads that follow the e1RM are recalculated`;
      notes.push(headline);
      const result = reprojectLifts(future, [id], athlete.state, () => headline);
      await saveReprescribed(tx, ctx.userId, result.updated, ctx.today);
      changes = result.changes;
    }
  }
  await recordEvent(tx, ctx.userId, { trigger: 'benchmark', benchmarkId: benchmark.id, notes, changes });
  const titles = new Map(future.map((w) => [w.id, w.title]));
  return { changes: changes.map((c) => ({ ...c, title: titles.get(c.workoutId) ?? '' })), notes };
}
