// Starting loads for substitutes: when the equipment changes (a trip with dumbbells only, a gym of
// machines), the lift done instead of a barbell lift starts from the barbell lift's e1RM times a ratio,
// so goblet squats, dumbbell presses and leg presses are loaded from the first session and a barbell
// load never carries over to a dumbbell or a machine. Pure.
//
// Dumbbell loads are PER HAND (one dumbbell) for two-dumbbell lifts; goblet squat, one-arm row,
// single-leg Romanian deadlift and kettlebell swing use one implement, so their load is that one.
// Machine loads are what the stack or the plates show (a leg press sled's own weight is not counted).
// The ratios are conservative starting points (the first sessions' RPE corrects them, as every e1RM
// is corrected), from these sources and a coach's reasoning:
// - Dumbbell bench press: the 1RM with two dumbbells was about 17 % below the barbell's
//   (Saeterbakken, van den Tillaar & Fimland 2011, J Sports Sci 29(5):533-538): about 0.83 for the
//   pair, 0.4 per hand rounded down for balance and getting the dumbbells into place; 0.45 from the
//   (weaker) incline press, 0.4 from the close-grip press (itself a little under the bench).
// - Dumbbell shoulder press: about 7-10 % below the barbell press standing (Saeterbakken & Fimland
//   2013, J Strength Cond Res 27(7):1824-1831): 0.4 per hand, as for the bench; 0.3 from the push
//   press (the leg drive lifts about a quarter more than a strict press).
// - Front squat: about 80-85 % of the back squat (the usual coaching ratio); 0.85.
// - Goblet squat: one dumbbell held at the chest; the hold and the upper back limit it well before the
//   legs do: 0.4 of the back squat (a coach's estimate, below the front squat's 0.85 / 2 per arm).
// - Romanian deadlift: about 70 % of the deadlift (coaching practice: RDLs are trained at 60-75 % of the
//   deadlift); with two dumbbells 0.3 per hand of the deadlift (0.6 for the pair: grip and balance),
//   0.425 per hand of a barbell RDL; the sumo deadlift as the conventional. From the good morning
//   (about 60 % of the deadlift) 0.35 per hand; from the hip thrust (often as heavy as the deadlift or
//   more, with no grip in it) 0.2 per hand.
// - Sumo deadlift: the same as the conventional (1.0); the stronger stance differs per person.
// - Single-leg RDL (one dumbbell): 0.2 of the deadlift, 0.25 of the RDL or the good morning;
//   kettlebell swing (one bell, ballistic): 0.2 of the deadlift, 0.25 of the RDL, 0.15 of the hip thrust.
// - One-arm dumbbell row: 0.45 of the barbell or Pendlay row (one side at a time, braced on a bench).
// Machines differ from one another (levers, cams, pulleys, a sled's own weight), so no published ratio
// transfers from one gym's machine to another's; these start LOW on purpose, and the reason says so:
// - Leg press: 1.0 of the back (or front) squat. Measured on a 45-degree leg press the squat 10RM was
//   about 0.35 x the leg press 10RM + 2 kg (J Strength Cond Res 2004, 18(3):567-571, "Predicting a
//   10 repetition maximum for the free weight parallel squat using the 45 degrees angled leg press"):
//   a leg press near 2.5-3 times the squat. Starting at the squat's own e1RM leaves room for a
//   horizontal press, a heavy sled, or a sled counted in the plates.
// - Machine chest press 0.7 of the bench (incline and close-grip 0.7 too, which is lower still against
//   the flat bench); machine shoulder press 0.7 of the overhead press, 0.55 of the push press; seated
//   cable row 0.7 of the barbell or Pendlay row. A guided press or row is usually as strong as the free
//   lift or stronger, but stack numbers are not comparable between machines: 0.7 is a coach's low start.
// - Cable pull-through (the hinge on a cable stack): 0.25 of the deadlift or sumo deadlift, 0.35 of the
//   RDL, 0.4 of the good morning, 0.2 of the hip thrust: the pulley, the stance and balancing against
//   the cable limit it long before the hips do (a coach's estimate).
// - Lat pulldown: no barbell lift pulls from above (pull-ups are bodyweight), so no ratio: its first
//   session sets its load, as for any lift with no estimate yet.
import { CATALOGUE, EXERCISE_IDS, findExercise } from './catalogue';
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

/** Grouped by substitute; within a group the closest source first (the first one known is used). */
export const SUBSTITUTE_RATIOS: readonly SubstituteRatio[] = [
  // Dumbbells (per hand) and one-implement lifts.
  { from: ids.benchPress, to: ids.dumbbellBenchPress, ratio: 0.4, perHand: true },
  { from: ids.inclineBenchPress, to: ids.dumbbellBenchPress, ratio: 0.45, perHand: true },
  { from: ids.closeGripBenchPress, to: ids.dumbbellBenchPress, ratio: 0.4, perHand: true },
  { from: ids.overheadPress, to: ids.dumbbellShoulderPress, ratio: 0.4, perHand: true },
  { from: ids.pushPress, to: ids.dumbbellShoulderPress, ratio: 0.3, perHand: true },
  { from: ids.backSquat, to: ids.frontSquat, ratio: 0.85, perHand: false },
  { from: ids.backSquat, to: ids.gobletSquat, ratio: 0.4, perHand: false },
  { from: ids.frontSquat, to: ids.gobletSquat, ratio: 0.47, perHand: false },
  { from: ids.deadlift, to: ids.sumoDeadlift, ratio: 1, perHand: false },
  { from: ids.deadlift, to: ids.romanianDeadlift, ratio: 0.7, perHand: false },
  { from: ids.romanianDeadlift, to: ids.dumbbellRomanianDeadlift, ratio: 0.425, perHand: true },
  { from: ids.deadlift, to: ids.dumbbellRomanianDeadlift, ratio: 0.3, perHand: true },
  { from: ids.sumoDeadlift, to: ids.dumbbellRomanianDeadlift, ratio: 0.3, perHand: true },
  { from: ids.goodMorning, to: ids.dumbbellRomanianDeadlift, ratio: 0.35, perHand: true },
  { from: ids.hipThrust, to: ids.dumbbellRomanianDeadlift, ratio: 0.2, perHand: true },
  { from: ids.deadlift, to: ids.singleLegRomanianDeadlift, ratio: 0.2, perHand: false },
  { from: ids.romanianDeadlift, to: ids.singleLegRomanianDeadlift, ratio: 0.25, perHand: false },
  { from: ids.goodMorning, to: ids.singleLegRomanianDeadlift, ratio: 0.25, perHand: false },
  { from: ids.deadlift, to: ids.kettlebellSwing, ratio: 0.2, perHand: false },
  { from: ids.sumoDeadlift, to: ids.kettlebellSwing, ratio: 0.2, perHand: false },
  { from: ids.romanianDeadlift, to: ids.kettlebellSwing, ratio: 0.25, perHand: false },
  { from: ids.hipThrust, to: ids.kettlebellSwing, ratio: 0.15, perHand: false },
  { from: ids.barbellRow, to: ids.dumbbellRow, ratio: 0.45, perHand: false },
  { from: ids.pendlayRow, to: ids.dumbbellRow, ratio: 0.45, perHand: false },
  // Machines: what the stack or plates show; low starts (see above).
  { from: ids.backSquat, to: ids.legPress, ratio: 1, perHand: false },
  { from: ids.frontSquat, to: ids.legPress, ratio: 1, perHand: false },
  { from: ids.benchPress, to: ids.machineChestPress, ratio: 0.7, perHand: false },
  { from: ids.inclineBenchPress, to: ids.machineChestPress, ratio: 0.7, perHand: false },
  { from: ids.closeGripBenchPress, to: ids.machineChestPress, ratio: 0.7, perHand: false },
  { from: ids.overheadPress, to: ids.machineShoulderPress, ratio: 0.7, perHand: false },
  { from: ids.pushPress, to: ids.machineShoulderPress, ratio: 0.55, perHand: false },
  { from: ids.barbellRow, to: ids.seatedCableRow, ratio: 0.7, perHand: false },
  { from: ids.pendlayRow, to: ids.seatedCableRow, ratio: 0.7, perHand: false },
  { from: ids.romanianDeadlift, to: ids.cablePullThrough, ratio: 0.35, perHand: false },
  { from: ids.deadlift, to: ids.cablePullThrough, ratio: 0.25, perHand: false },
  { from: ids.sumoDeadlift, to: ids.cablePullThrough, ratio: 0.25, perHand: false },
  { from: ids.goodMorning, to: ids.cablePullThrough, ratio: 0.4, perHand: false },
  { from: ids.hipThrust, to: ids.cablePullThrough, ratio: 0.2, perHand: false },
];

export type SubstituteEstimate = { e1rmKg: number; from: string; ratio: number; perHand: boolean; machine: boolean; reason: string };

const nameOf = (id: string, catalogue: readonly Exercise[]) => findExercise(id, catalogue)?.name ?? id;
const kg = (v: number) => `${Math.round(v * 10) / 10} kg`;

/**
 * e1RM estimates for substitutes with this equipment: a lift the equipment rules out (the barbell
 * squat on a trip with dumbbells) lends its e1RM, through SUBSTITUTE_RATIOS, to each lift done instead
 * that has none yet (the first ratio whose source is known, in table order). Lifts already known are
 * left alone: what training taught about a lift beats a ratio. With the barbell there, nothing
 * changes: a Romanian deadlift beside deadlifts is not a substitute. A substitute gets a load only
 * with an implement or machine at hand that loads it: a single-leg RDL done with nothing in the hands
 * (bodyweight only) has no load to start from.
 */
export function substituteEstimates(
  known: Readonly<Record<string, number>>,
  equipment: readonly Equipment[],
  catalogue: readonly Exercise[] = CATALOGUE,
): Record<string, SubstituteEstimate> {
  const result: Record<string, SubstituteEstimate> = {};
  const loaded = (id: string) => findExercise(id, catalogue)?.equipment.some((e) => e !== 'bodyweight' && equipment.includes(e)) ?? false;
  for (const to of new Set(SUBSTITUTE_RATIOS.map((r) => r.to))) {
    if (known[to] !== undefined || !loaded(to)) continue;
    const rule = SUBSTITUTE_RATIOS.find((r) => r.to === to && !loaded(r.from) && known[r.from] !== undefined && known[r.from]! > 0);
    if (!rule) continue;
    const source = known[rule.from]!;
    const e1rmKg = source * rule.ratio;
    const machine = findExercise(to, catalogue)?.loadType === 'machine';
    result[to] = {
      e1rmKg,
      from: rule.from,
      ratio: rule.ratio,
      perHand: rule.perHand,
      machine,
      reason:
        `${nameOf(to, catalogue)} starts from the ${nameOf(rule.from, catalogue)} e1RM: ${kg(source)} x ${rule.ratio} = ${kg(e1rmKg)}` +
        `${rule.perHand ? ' per hand (one dumbbell in each hand; the load is one dumbbell)' : ''}` +
        `${machine ? " as the machine's stack or plates show it; machines differ (levers, cams, a sled's own weight), so this starts low" : ''}` +
        "; the first sessions' RPE corrects it.",
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
