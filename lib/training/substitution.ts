// Starting loads for substitutes: when the equipment changes (a trip with dumbbells only), the lift
// done instead of a barbell lift starts from the barbell lift's e1RM times a ratio, so goblet squats
// and dumbbell presses are loaded from the first session and a barbell load never carries over to a
// dumbbell. Pure.
//
// Dumbbell loads are PER HAND (one dumbbell) for two-dumbbell lifts; goblet squat, one-arm row,
// single-leg Romanian deadlift and kettlebell swing use one implement, so their load is that one.
// The ratios are conservative starting points (the first sessions' RPE corrects them, as every e1RM
// is corrected), from these sources and a coach's reasoning:
// - Dumbbell bench press: the 1RM with two dumbbells was about 17 % below the barbell's
//   (Saeterbakken, van den Tillaar & Fimland 2011, J Sports Sci 29(5):533-538): about 0.83 for the
//   pair, 0.4 per hand rounded down for balance and getting the dumbbells into place.
// - Dumbbell shoulder press: about 7-10 % below the barbell press standing (Saeterbakken & Fimland
//   2013, J Strength Cond Res 27(7):1824-1831): 0.4 per hand, as for the bench.
// - Front squat: about 80-85 % of the back squat (the usual coaching ratio); 0.85.
// - Goblet squat: one dumbbell held at the chest; the hold and the upper back limit it well before the
//   legs do: 0.4 of the back squat (a coach's estimate, below the front squat's 0.85 / 2 per arm).
// - Romanian deadlift: about 70 % of the deadlift (coaching practice: RDLs are trained at 60-75 % of the
//   deadlift); with two dumbbells 0.3 per hand of the deadlift (0.6 for the pair: grip and balance),
//   0.425 per hand of a barbell RDL.
// - Sumo deadlift: the same as the conventional (1.0); the stronger stance differs per person.
// - Single-leg RDL (one dumbbell): 0.2 of the deadlift; kettlebell swing (one bell, ballistic): 0.2.
// - One-arm dumbbell row: 0.45 of the barbell row (one side at a time, braced on a bench).
// Machines: the catalogue has no machine exercises yet (no "machines" equipment), so no ratio here.
import { CATALOGUE, EXERCISE_IDS, findExercise, isAvailable } from './catalogue';
import type { Equipment, Exercise } from './types';

const ids = EXERCISE_IDS;

export type SubstituteRatio = {
  /** The lift whose e1RM is known (usually a barbell lift). */
  from: string;
  /** The substitute. */
  to: string;
  /** The substitute's e1RM = the known e1RM x ratio (per hand where `perHand`). */
  ratio: number;
  perHand: boolean;
};

export const SUBSTITUTE_RATIOS: readonly SubstituteRatio[] = [
  { from: ids.benchPress, to: ids.dumbbellBenchPress, ratio: 0.4, perHand: true },
  { from: ids.inclineBenchPress, to: ids.dumbbellBenchPress, ratio: 0.45, perHand: true },
  { from: ids.overheadPress, to: ids.dumbbellShoulderPress, ratio: 0.4, perHand: true },
  { from: ids.backSquat, to: ids.frontSquat, ratio: 0.85, perHand: false },
  { from: ids.backSquat, to: ids.gobletSquat, ratio: 0.4, perHand: false },
  { from: ids.frontSquat, to: ids.gobletSquat, ratio: 0.47, perHand: false },
  { from: ids.deadlift, to: ids.sumoDeadlift, ratio: 1, perHand: false },
  { from: ids.deadlift, to: ids.romanianDeadlift, ratio: 0.7, perHand: false },
  { from: ids.romanianDeadlift, to: ids.dumbbellRomanianDeadlift, ratio: 0.425, perHand: true },
  { from: ids.deadlift, to: ids.dumbbellRomanianDeadlift, ratio: 0.3, perHand: true },
  { from: ids.deadlift, to: ids.singleLegRomanianDeadlift, ratio: 0.2, perHand: false },
  { from: ids.deadlift, to: ids.kettlebellSwing, ratio: 0.2, perHand: false },
  { from: ids.barbellRow, to: ids.dumbbellRow, ratio: 0.45, perHand: false },
];

export type SubstituteEstimate = { e1rmKg: number; from: string; ratio: number; perHand: boolean; reason: string };

const nameOf = (id: string, catalogue: readonly Exercise[]) => findExercise(id, catalogue)?.name ?? id;
const kg = (v: number) => `${Math.round(v * 10) / 10} kg`;

/**
 * e1RM estimates for substitutes with this equipment: a lift the equipment rules out (the barbell
 * squat on a trip with dumbbells) lends its e1RM, through SUBSTITUTE_RATIOS, to each lift done instead
 * that has none yet (the first ratio whose source is known, in table order). Lifts already known are
 * left alone: what training taught about a lift beats a ratio. With the barbell there, nothing
 * changes: a Romanian deadlift beside deadlifts is not a substitute.
 */
export function substituteEstimates(
  known: Readonly<Record<string, number>>,
  equipment: readonly Equipment[],
  catalogue: readonly Exercise[] = CATALOGUE,
): Record<string, SubstituteEstimate> {
  const result: Record<string, SubstituteEstimate> = {};
  const usable = (id: string) => {
    const e = findExercise(id, catalogue);
    return e !== undefined && isAvailable(e, equipment);
  };
  for (const to of new Set(SUBSTITUTE_RATIOS.map((r) => r.to))) {
    if (known[to] !== undefined || !usable(to)) continue;
    const rule = SUBSTITUTE_RATIOS.find((r) => r.to === to && !usable(r.from) && known[r.from] !== undefined && known[r.from]! > 0);
    if (!rule) continue;
    const source = known[rule.from]!;
    const e1rmKg = source * rule.ratio;
    result[to] = {
      e1rmKg,
      from: rule.from,
      ratio: rule.ratio,
      perHand: rule.perHand,
      reason:
        `${nameOf(to, catalogue)} starts from the ${nameOf(rule.from, catalogue)} e1RM: ${kg(source)} x ${rule.ratio} = ${kg(e1rmKg)}` +
        `${rule.perHand ? ' per hand (one dumbbell in each hand; the load is one dumbbell)' : ''}; the first sessions' RPE corrects it.`,
    };
  }
  return result;
}

/** The movement patterns the main lifts train: a plan keeps each of them loaded every week. */
export const MAIN_PATTERNS = ['squat', 'hinge', 'horizontal-push', 'vertical-push'] as const;

/**
 * The longest stretch (days) in a schedule without an exercise of `pattern`, counting from the first
 * strength session to the last; Infinity when the pattern never appears.
 */
export function longestPatternGap(
  workouts: readonly { date: string; strength: readonly { exerciseId: string }[] }[],
  pattern: Exercise['pattern'],
  catalogue: readonly Exercise[] = CATALOGUE,
): number {
  const lifting = [...workouts].filter((w) => w.strength.length > 0).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const hits = lifting.filter((w) => w.strength.some((b) => findExercise(b.exerciseId, catalogue)?.pattern === pattern)).map((w) => w.date);
  if (hits.length === 0) return Infinity;
  const day = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;
  const first = lifting[0]!.date;
  const last = lifting.at(-1)!.date;
  let gap = day(hits[0]!) - day(first);
  for (let i = 1; i < hits.length; i++) gap = Math.max(gap, day(hits[i]!) - day(hits[i - 1]!));
  return Math.max(gap, day(last) - day(hits.at(-1)!));
}
