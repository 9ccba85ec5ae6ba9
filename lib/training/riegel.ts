/**
 * Riegel's endurance model (Riegel, "Athletic Records and Human Endurance",
 * American Scientist 69:285-290, 1981): T2 = T1 x (D2 / D1)^k. k = 1.06 is
 * his fit for running; fatigue-prone or less-trained runners sit nearer 1.08.
 */

export const RIEGEL_EXPONENT = 1.06;

export function riegelPredict(timeS: number, fromDistanceM: number, toDistanceM: number, exponent = RIEGEL_EXPONENT): number {
  for (const [value, what] of [
    [timeS, 'time'],
    [fromDistanceM, 'from distance'],
    [toDistanceM, 'to distance'],
    [exponent, 'exponent'],
  ] as const) {
    if (!Number.isFinite(value) || value <= 0) throw new RangeError(`${what} must be > 0, got ${value}`);
  }
  return timeS * (toDistanceM / fromDistanceM) ** exponent;
}
