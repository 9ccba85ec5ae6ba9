// One rounding rule for values shown to a person with one decimal (kg, km, VDOT, e1RM, bpm trends).

/** Rounds to one decimal place (half away from zero for positives, as Math.round does). */
export function round1(n: number): number {
  return Math.round(n * 10) / 10;
}
