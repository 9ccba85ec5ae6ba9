// Benchmarks as the coach uses them: the newest estimate per lift and the newest race VDOT, and
// what a newly recorded benchmark does to the future (new paces, new loads), under the person's lock.
import type { Benchmark } from '@/lib/generated/prisma/client';
import { derivedEstimate, listBenchmarks, type LiftBenchmarkInput, type RaceBenchmarkInput } from '@/lib/profile/benchmarks';
import { findExercise } from '@/lib/training/catalogue';
import { strengthChanges } from '@/lib/training/adaptation';
import { unlearnBenchmark, type DeletedBenchmark } from '@/lib/training/benchmark-unlearning';
import type { LiftState, PlanChange, Workout } from '@/lib/training/types';
import { formatDistance, formatDuration, formatLoad } from '@/lib/training/units';
import { futureScheduled, recordEvent, saveReprescribed, type Athlete, type Tx } from './athlete-store';
import { withCoachingLock } from './time-off';
import type { CoachingContext } from './context';
import { parseAthleteState } from './documents';
import { CoachingError } from './errors';
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
export async function recordBenchmark(
  ctx: CoachingContext,
  input: LiftBenchmarkInput | RaceBenchmarkInput,
): Promise<{ benchmark: Benchmark; effect: BenchmarkEffect }> {
  return withCoachingLock(ctx, async (tx, athlete) => {
    // Stored and applied in one transaction: never a benchmark the plan has not seen.
    const benchmark = await tx.benchmark.create({ data: { userId: ctx.userId, ...input } });
    return { benchmark, effect: await applyBenchmark(tx, ctx, athlete, benchmark) };
  });
}

async function applyBenchmark(tx: Tx, ctx: CoachingContext, athlete: Athlete, benchmark: Benchmark): Promise<BenchmarkEffect> {
  const stateBefore = athlete.state;
  const est = derivedEstimate(benchmark);
  const notes: string[] = [];
  let changes: PlanChange[] = [];
  const future = (await futureScheduled(tx, ctx.userId, ctx.today)).map(toWorkout);
  if (benchmark.kind === 'race' && est.vdot !== undefined && benchmark.distanceM != null && benchmark.timeS != null) {
    const old = athlete.state.vdot;
    const what = `${formatDistance(benchmark.distanceM, athlete.state.distanceUnit)} in ${formatDuration(benchmark.timeS)} on ${benchmark.date}`;
    if (athlete.vdotDate !== null && benchmark.date < athlete.vdotDate) {
      notes.push(
        `Benchmark ${what} (VDOT ${est.vdot.toFixed(1)}) is older than the current estimate (from ${athlete.vdotDate}): paces unchanged.`,
      );
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
    const what = `${name} ${formatLoad(benchmark.loadKg ?? 0, athlete.state.unit)} × ${benchmark.reps}${benchmark.rpe != null ? ` @ RPE ${benchmark.rpe}` : ''} on ${benchmark.date}`;
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
  // The states around it let delete_benchmark take back exactly what it set (deleteBenchmark).
  await recordEvent(tx, ctx.userId, {
    trigger: 'benchmark',
    benchmarkId: benchmark.id,
    notes,
    changes,
    states: { before: stateBefore, after: athlete.state },
  });
  const titles = new Map(future.map((w) => [w.id, w.title]));
  return { changes: changes.map((c) => ({ ...c, title: titles.get(c.workoutId) ?? '' })), notes };
}

export function benchmarkNotFound(id: string): CoachingError {
  return new CoachingError(
    'not_found',
    `No benchmark has the id "${id}" for this person. Call list_benchmarks to find current benchmark ids.`,
    { id },
  );
}

/**
 * Deletes a benchmark and takes back what it taught (lib/training/benchmark-unlearning.ts): the
 * lift's e1RM (or VDOT) goes back to what the coach would hold without it, keeping what sessions
 * logged since added, and every future scheduled session is prescribed again, each change with its
 * reason. Under the person's lock, in one transaction.
 */
export async function deleteBenchmark(ctx: CoachingContext, id: string): Promise<{ benchmark: Benchmark; effect: BenchmarkEffect }> {
  return withCoachingLock(ctx, async (tx, athlete) => {
    const benchmark = await tx.benchmark.findFirst({ where: { id, userId: ctx.userId } });
    if (!benchmark) throw benchmarkNotFound(id);
    await tx.benchmark.delete({ where: { id } });
    const est = derivedEstimate(benchmark);
    const unit = athlete.state.unit;
    const event = await tx.adaptationEvent.findFirst({
      where: { userId: ctx.userId, trigger: 'benchmark', benchmarkId: id },
      select: { stateBefore: true, stateAfter: true },
    });
    const before = event?.stateBefore ? parseAthleteState(event.stateBefore) : undefined;
    const after = event?.stateAfter ? parseAthleteState(event.stateAfter) : undefined;
    const same = { userId: ctx.userId, kind: benchmark.kind, ...(benchmark.kind === 'lift' ? { exercise: benchmark.exercise } : {}) };
    const later = await tx.benchmark.findFirst({
      where: { ...same, createdAt: { gt: benchmark.createdAt }, date: { gte: benchmark.date } },
      orderBy: [{ date: 'desc' }, { createdAt: 'desc' }],
    });
    const newest = await tx.benchmark.findFirst({ where: same, orderBy: [{ date: 'desc' }, { createdAt: 'desc' }] });
    const newestEst = newest ? derivedEstimate(newest) : undefined;
    const notes: string[] = [];
    const future = (await futureScheduled(tx, ctx.userId, ctx.today)).map(toWorkout);
    let changes: PlanChange[] = [];

    if (benchmark.kind === 'lift' && benchmark.exercise && est.e1rmKg !== undefined) {
      const exerciseId = benchmark.exercise;
      const name = findExercise(exerciseId)?.name ?? exerciseId;
      const what = `${name} ${formatLoad(benchmark.loadKg ?? 0, unit)} × ${benchmark.reps} of ${benchmark.date}`;
      const removed: DeletedBenchmark = {
        kind: 'lift',
        exerciseId,
        e1rmKg: est.e1rmKg,
        date: benchmark.date,
        ...(before ? { before: before.lifts[exerciseId] ?? null } : {}),
        ...(after ? { after: after.lifts[exerciseId] ?? null } : {}),
      };
      const block = future.flatMap((w) => w.strength).find((b) => b.exerciseId === exerciseId);
      const result = unlearnBenchmark(athlete.state, athlete.vdotDate, removed, {
        ...(later ? { supersededBy: later.id } : {}),
        ...(newestEst?.e1rmKg !== undefined && newest ? { remaining: { value: newestEst.e1rmKg, date: newest.date } } : {}),
        ...(block ? { seed: (e1rm: number) => seedLift(block, e1rm, unit, loadStep(athlete.state)).workingLoadKg } : {}),
      });
      const headline = liftHeadline(what, name, result, unit, later?.date);
      notes.push(headline);
      if (result.recomputedLift) {
        athlete.state = result.state;
        const projected = reprojectLifts(future, [exerciseId], result.state, () => headline);
        const merged = future.map((w) => projected.updated.find((u) => u.id === w.id) ?? w);
        const blanked =
          result.state.lifts[exerciseId]?.e1rmKg === undefined
            ? blankAutoregulated(merged, exerciseId, unit, headline)
            : { updated: [], changes: [] };
        const updated = [...projected.updated.filter((u) => !blanked.updated.some((b) => b.id === u.id)), ...blanked.updated];
        await saveReprescribed(tx, ctx.userId, updated, ctx.today);
        changes = [...projected.changes, ...blanked.changes];
        if (result.state.lifts[exerciseId]?.workingLoadKg === undefined && block) {
          notes.push(
            `${name}: no benchmark or logged session left to prescribe from, so its loads are blank. Record one with set_benchmark, or log a session's sets.`,
          );
        }
      }
    }
    if (benchmark.kind === 'race' && est.vdot !== undefined && benchmark.distanceM != null && benchmark.timeS != null) {
      const what = `${formatDistance(benchmark.distanceM, athlete.state.distanceUnit)} in ${formatDuration(benchmark.timeS)} of ${benchmark.date}`;
      const removed: DeletedBenchmark = {
        kind: 'race',
        vdot: est.vdot,
        date: benchmark.date,
        ...(before ? { before: before.vdot ?? null } : {}),
        ...(after ? { after: after.vdot ?? null } : {}),
      };
      const result = unlearnBenchmark(athlete.state, athlete.vdotDate, removed, {
        ...(later ? { supersededBy: later.id } : {}),
        ...(newestEst?.vdot !== undefined && newest ? { remaining: { value: newestEst.vdot, date: newest.date } } : {}),
      });
      const headline = raceHeadline(what, result, later?.date);
      notes.push(headline);
      if (result.vdotChanged) {
        athlete.state = result.state;
        athlete.vdotDate = result.vdotDate;
        if (result.state.vdot !== undefined) {
          const paced = repace(future, result.state.vdot, result.state, headline);
          await saveReprescribed(tx, ctx.userId, paced.updated, ctx.today);
          changes = paced.changes;
        } else {
          notes.push(
            'No race benchmark or logged run is left to set target paces from, so the paces already prescribed stay. Record a race with set_benchmark to set them again.',
          );
        }
      }
    }
    await recordEvent(tx, ctx.userId, { trigger: 'benchmark_deleted', benchmarkId: id, notes, changes });
    const titles = new Map(future.map((w) => [w.id, w.title]));
    return { benchmark, effect: { changes: changes.map((c) => ({ ...c, title: titles.get(c.workoutId) ?? '' })), notes } };
  });
}

function liftHeadline(
  what: string,
  name: string,
  r: ReturnType<typeof unlearnBenchmark>,
  unit: 'kg' | 'lb',
  laterDate: string | undefined,
): string {
  const from = r.before === undefined ? 'unset' : formatLoad(r.before, unit);
  const to = r.after === undefined ? 'unset' : formatLoad(r.after, unit);
  switch (r.outcome) {
    case 'superseded':
      return `Deleted benchmark ${what}: a later ${name} benchmark (${laterDate}) is the basis, so nothing changes.`;
    case 'never-applied':
    case 'kept':
      return `Deleted benchmark ${what}: it had not set the ${name} e1RM (the logged sessions had), so nothing changes.`;
    case 'cleared':
      return `Deleted benchmark ${what}: no other evidence for the ${name} e1RM remains (was ${from})`;
    case 'rebased':
      return `Deleted benchmark ${what}: the ${name} e1RM goes back to ${to} (was ${from}), the estimate without it`;
    case 'shifted':
      return `Deleted benchmark ${what}: the ${name} e1RM is ${to} (was ${from}), the estimate without it plus what the sessions since added`;
  }
}

function raceHeadline(what: string, r: ReturnType<typeof unlearnBenchmark>, laterDate: string | undefined): string {
  const from = r.before === undefined ? 'unset' : r.before.toFixed(1);
  const to = r.after === undefined ? 'unset' : r.after.toFixed(1);
  switch (r.outcome) {
    case 'superseded':
      return `Deleted race benchmark ${what}: a later race benchmark (${laterDate}) is the basis, so VDOT and paces do not change.`;
    case 'never-applied':
    case 'kept':
      return `Deleted race benchmark ${what}: it had not set VDOT, so VDOT and paces do not change.`;
    case 'cleared':
      return `Deleted race benchmark ${what}: no other race or logged run sets VDOT now (was ${from})`;
    case 'rebased':
      return `Deleted race benchmark ${what}: VDOT goes back to ${to} (was ${from}), so target paces are recalculated`;
    case 'shifted':
      return `Deleted race benchmark ${what}: VDOT is ${to} (was ${from}), the estimate without it plus what the runs since added, so target paces are recalculated`;
  }
}

/** Autoregulated loads follow the e1RM: with none left, they are blank (the projection keeps them). */
function blankAutoregulated(
  future: readonly Workout[],
  exerciseId: string,
  unit: 'kg' | 'lb',
  headline: string,
): { updated: Workout[]; changes: PlanChange[] } {
  const updated: Workout[] = [];
  const changes: PlanChange[] = [];
  for (const w of future) {
    if (
      !w.strength.some(
        (b) => b.exerciseId === exerciseId && b.progression === 'autoregulated' && b.sets.some((s) => s.loadKg !== undefined),
      )
    )
      continue;
    const next: Workout = {
      ...w,
      strength: w.strength.map((b) =>
        b.exerciseId === exerciseId && b.progression === 'autoregulated'
          ? {
              ...b,
              sets: b.sets.map((s) => {
                const { loadKg: _drop, ...rest } = s;
                return rest;
              }),
            }
          : b,
      ),
    };
    updated.push(next);
    changes.push(...strengthChanges(w, next, exerciseId, unit, headline));
  }
  return { updated, changes };
}
