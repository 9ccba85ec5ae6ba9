import { karvonenTarget, ZONE_BOUNDS } from './heart-rate';
import type { HrZone, RunSegment, RunSegmentKind } from './types';
import { METRES_PER_KM } from './units';
import { predictRaceTime, trainingPaces } from './vdot';

/** Which Daniels pace and heart-rate zone each kind of run segment is prescribed at. */

/** Karvonen zones (heart-rate.ts) matching each intensity, for people who run by heart rate. */
export const ZONE_FOR_KIND: Readonly<Record<Exclude<RunSegmentKind, 'race'>, HrZone>> = {
  recovery: 1,
  easy: 2,
  long: 2,
  marathon: 3,
  threshold: 4,
  interval: 5,
  repetition: 5,
};

/**
 * Target pace in whole seconds per km, or undefined when VDOT alone cannot
 * say (a race without a distance). Easy and long runs get the middle of the E
 * range; recovery runs its slow end.
 */
export function paceForSegment(segment: Pick<RunSegment, 'kind' | 'distanceM'>, vdot: number): number | undefined {
  const paces = trainingPaces(vdot);
  let pace: number | undefined;
  switch (segment.kind) {
    case 'easy':
    case 'long':
      pace = (paces.easy.fast + paces.easy.slow) / 2;
      break;
    case 'recovery':
      pace = paces.easy.slow;
      break;
    case 'marathon':
      pace = paces.marathon;
      break;
    case 'threshold':
      pace = paces.threshold;
      break;
    case 'interval':
      pace = paces.interval;
      break;
    case 'repetition':
      pace = paces.repetition;
      break;
    case 'race':
      pace = segment.distanceM ? (predictRaceTime(vdot, segment.distanceM) / segment.distanceM) * METRES_PER_KM : undefined;
      break;
  }
  // Whole seconds: nobody runs to a tenth of a second per km, and it keeps change logs free of noise.
  return pace === undefined ? undefined : Math.round(pace);
}

/** The segment with its target pace recomputed from VDOT (unchanged when no pace applies). */
export function withTargetPace(segment: RunSegment, vdot: number | undefined): RunSegment {
  if (vdot === undefined) return segment;
  const pace = paceForSegment(segment, vdot);
  return pace === undefined ? segment : { ...segment, targetPaceSPerKm: pace };
}

/**
 * The segment's heart-rate range in whole bpm (Karvonen, from its zone or its kind's zone), or null
 * when resting or max heart rate is unknown. Races have no range: they are run by pace and feel.
 */
export function heartRateRange(
  segment: Pick<RunSegment, 'kind' | 'zone'>,
  restingHr: number | null | undefined,
  maxHr: number | null | undefined,
): { min: number; max: number } | null {
  if (restingHr == null || maxHr == null || !(maxHr > restingHr)) return null;
  const zone = segment.zone ?? (segment.kind === 'race' ? undefined : ZONE_FOR_KIND[segment.kind]);
  const bounds = ZONE_BOUNDS.find(([z]) => z === zone);
  if (!bounds) return null;
  return { min: Math.round(karvonenTarget(restingHr, maxHr, bounds[1])), max: Math.round(karvonenTarget(restingHr, maxHr, bounds[2])) };
}
