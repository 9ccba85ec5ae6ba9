// Deleting a logged session: the coach's state recomputed from the rest of the history must equal
// what the coach learns from the remaining sessions, as they were performed, applied from the start
// (simulated with the plan generator and adaptAfterCompletion); a lift re-based by something else
// since is kept, with a note.
import { describe, expect, it } from 'vitest';
import { adaptAfterCompletion } from '@/lib/training/adaptation';
import { generatePlan } from '@/lib/training/plan';
import type { AthleteState, Workout } from '@/lib/training/types';
import { unlearnSession, type AppliedSession } from '@/lib/training/unlearning';

/** The first `count` sessions of a 3-day strength plan, logged as prescribed except `misses`. */
function logSessions(count: number, opts: { misses?: number[] } = {}) {
  const generated = generatePlan({
    planId: 'p',
    goal: 'strength',
    startDate: '2026-01-05',
    weeks: 8,
    daysPerWeek: 3,
    equipment: ['barbell', 'pullup-bar'],
    benchmarks: { e1rmKg: { 'back-squat': 140, 'bench-press': 100, deadlift: 180, 'overhead-press': 60, 'barbell-row': 80 } },
  });
  const workouts: Workout[] = generated.workouts.map((w) => structuredClone(w));
  let state: AthleteState = generated.state;
  const applied: AppliedSession[] = [];
  for (let i = 0; i < count; i++) {
    const current = workouts[i]!;
    const miss = opts.misses?.includes(i) ?? false;
    const logged: Workout = {
      ...current,
      status: 'completed',
      actual: {
        strength: current.strength.map((block, blockIndex) => ({
          blockIndex,
          exerciseId: block.exerciseId,
          sets: block.sets.map((set, si) => ({
            reps: miss && si === block.sets.length - 1 ? set.reps - 2 : set.reps,
            loadKg: set.loadKg ?? 0,
          })),
        })),
      },
    };
    workouts[i] = logged;
    const result = adaptAfterCompletion({ workouts, completed: logged, today: logged.date, state });
    for (const u of result.updatedWorkouts) workouts[workouts.findIndex((w) => w.id === u.id)] = u;
    applied.push({ workout: logged, before: state, after: result.state });
    state = result.state;
  }
  return { state, applied, workouts };
}

describe('unlearnSession', () => {
  it('deleting the last session of a lift takes its progression back (squat 120 kg -> next 125 kg becomes 120 kg again)', () => {
    const { state, applied } = logSessions(7);
    const squatSessions = applied.filter((a) => a.workout.strength.some((b) => b.exerciseId === 'back-squat'));
    const last = squatSessions.at(-1)!;
    const later = applied.slice(applied.indexOf(last) + 1);
    const result = unlearnSession(state, last, later);
    expect(result.state.lifts['back-squat']).toEqual(last.before.lifts['back-squat']);
    expect(result.recomputedLifts).toContain('back-squat');
    expect(result.notes.join(' ')).toMatch(/Back squat recomputed without the .* of \d{4}-\d{2}-\d{2}: .*working load .* → .*working load/);
    // Lifts the session did not train are untouched.
    expect(result.state.lifts['deadlift']).toEqual(state.lifts['deadlift']);
  });

  it('deleting an earlier session equals learning from the remaining sessions, as performed, from the start', () => {
    const full = logSessions(12, { misses: [6, 9] });
    const lifts = Object.keys(full.state.lifts);
    expect(lifts.length).toBeGreaterThan(0);
    expect.assertions(1 + 3 * lifts.length);
    for (const index of [0, 3, 6]) {
      const removed = full.applied[index]!;
      const remaining = full.applied.filter((a) => a !== removed);
      let expected = full.applied[0]!.before;
      for (const a of remaining)
        expected = adaptAfterCompletion({ workouts: [], completed: a.workout, today: a.workout.date, state: expected }).state;
      const result = unlearnSession(full.state, removed, full.applied.slice(index + 1));
      for (const id of Object.keys(full.state.lifts))
        expect(result.state.lifts[id], `${id} without session ${index}`).toEqual(expected.lifts[id]);
    }
  });

  it('keeps a lift that something other than a logged session re-based since (a benchmark), and says so', () => {
    const { state, applied } = logSessions(4);
    const first = applied.find((a) => a.workout.strength.some((b) => b.exerciseId === 'back-squat'))!;
    const rebased: AthleteState = {
      ...state,
      lifts: { ...state.lifts, 'back-squat': { failureStreak: 0, e1rmKg: 150, workingLoadKg: 117.5 } },
    };
    const result = unlearnSession(rebased, first, applied.slice(applied.indexOf(first) + 1));
    expect(result.state.lifts['back-squat']).toEqual(rebased.lifts['back-squat']);
    expect(result.recomputedLifts).not.toContain('back-squat');
    expect(result.notes.join(' ')).toContain('Back squat: changed after the');
  });
});
