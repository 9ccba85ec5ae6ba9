// The health metrics Pacewise stores: one declaration per type with its units, plausible range and
// how a day of it is summarised. Values are stored in the canonical unit (first in `units`).
import { KG_PER_LB } from '@/lib/training/units';

export const HEALTH_TYPES = [
  'steps',
  'resting_heart_rate',
  'hrv_rmssd',
  'sleep',
  'body_mass',
  'vo2max',
  'active_energy',
  'workout_heart_rate',
] as const;
export type HealthType = (typeof HEALTH_TYPES)[number];

export const SLEEP_STAGES = ['asleep', 'light', 'deep', 'rem', 'awake', 'in_bed'] as const;
export type SleepStage = (typeof SLEEP_STAGES)[number];
/** Stages that count as sleep; `asleep` is sleep of unknown stage (a device without staging). */
export const ASLEEP_STAGES: readonly SleepStage[] = ['asleep', 'light', 'deep', 'rem'];

export type HealthUnit = 'count' | 'bpm' | 'ms' | 'min' | 'h' | 'kg' | 'lb' | 'mL/kg/min' | 'kcal' | 'kJ';

export type MetricDefinition = {
  type: HealthType;
  label: string;
  /** Accepted units; the first is the canonical (stored) unit. */
  units: readonly [HealthUnit, ...HealthUnit[]];
  /** Plausible range of one record, in the canonical unit. */
  min: number;
  max: number;
  /** `interval`: the value covers a span (start and end, or a whole day); `instant`: a reading at a time. */
  timeFrame: 'interval' | 'instant';
  /**
   * `sum`: a day is the total of its records (steps, energy, sleep); `mean`: a day is the mean of
   * its readings (heart rate, HRV, body mass, VO2max).
   */
  daily: 'sum' | 'mean';
  description: string;
};

const DEFS: readonly MetricDefinition[] = [
  {
    type: 'steps',
    label: 'Steps',
    units: ['count'],
    min: 0,
    max: 100_000,
    timeFrame: 'interval',
    daily: 'sum',
    description: 'step count over a span (a whole day or part of one)',
  },
  {
    type: 'resting_heart_rate',
    label: 'Resting heart rate',
    units: ['bpm'],
    min: 25,
    max: 150,
    timeFrame: 'instant',
    daily: 'mean',
    description: 'resting heart rate, beats per minute (usually one morning reading a day)',
  },
  {
    type: 'hrv_rmssd',
    label: 'Heart-rate variability (RMSSD)',
    units: ['ms'],
    min: 1,
    max: 300,
    timeFrame: 'instant',
    daily: 'mean',
    description: 'heart-rate variability as RMSSD, milliseconds (not SDNN)',
  },
  {
    type: 'sleep',
    label: 'Sleep',
    units: ['min', 'h'],
    min: 0,
    max: 24 * 60,
    timeFrame: 'interval',
    daily: 'sum',
    description: 'time in a sleep stage over a night; counted for the day the sleep ends',
  },
  {
    type: 'body_mass',
    label: 'Body mass',
    units: ['kg', 'lb'],
    min: 25,
    max: 350,
    timeFrame: 'instant',
    daily: 'mean',
    description: 'body mass (weight)',
  },
  {
    type: 'vo2max',
    label: 'VO2max',
    units: ['mL/kg/min'],
    min: 10,
    max: 95,
    timeFrame: 'instant',
    daily: 'mean',
    description: 'estimated maximal oxygen uptake, mL/kg/min',
  },
  {
    type: 'active_energy',
    label: 'Active energy',
    units: ['kcal', 'kJ'],
    min: 0,
    max: 10_000,
    timeFrame: 'interval',
    daily: 'sum',
    description: 'active (not resting) energy burned over a span',
  },
  {
    type: 'workout_heart_rate',
    label: 'Workout heart rate',
    units: ['bpm'],
    min: 30,
    max: 240,
    timeFrame: 'interval',
    daily: 'mean',
    description: 'average heart rate over one workout (with its maximum when known)',
  },
];

export const METRICS: Readonly<Record<HealthType, MetricDefinition>> = Object.fromEntries(DEFS.map((d) => [d.type, d])) as Record<
  HealthType,
  MetricDefinition
>;

export function canonicalUnit(type: HealthType): HealthUnit {
  return METRICS[type].units[0];
}

const KJ_PER_KCAL = 4.184;

/** Converts a value of `type` from `unit` to the canonical unit. */
export function toCanonical(type: HealthType, value: number, unit: HealthUnit): number {
  const def = METRICS[type];
  if (!def.units.includes(unit)) throw new RangeError(`${type} is measured in ${def.units.join(' or ')}, not ${unit}`);
  switch (unit) {
    case 'h':
      return value * 60;
    case 'lb':
      return value * KG_PER_LB;
    case 'kJ':
      return value / KJ_PER_KCAL;
    default:
      return value;
  }
}

/** Converts a canonical value of `type` to `unit`. */
export function fromCanonical(type: HealthType, value: number, unit: HealthUnit): number {
  const def = METRICS[type];
  if (!def.units.includes(unit)) throw new RangeError(`${type} is measured in ${def.units.join(' or ')}, not ${unit}`);
  switch (unit) {
    case 'h':
      return value / 60;
    case 'lb':
      return value / KG_PER_LB;
    case 'kJ':
      return value * KJ_PER_KCAL;
    default:
      return value;
  }
}

/** The range check of one record, as a message naming the range in the unit the caller used. */
export function rangeProblem(type: HealthType, value: number, unit: HealthUnit): string | undefined {
  const def = METRICS[type];
  const canonical = toCanonical(type, value, unit);
  // A hair of tolerance so a limit given in another unit (e.g. 350 kg as lb) is not rejected by rounding.
  const eps = 1e-9 * Math.max(1, Math.abs(def.max));
  if (canonical >= def.min - eps && canonical <= def.max + eps) return undefined;
  const lo = round(fromCanonical(type, def.min, unit), 1);
  const hi = round(fromCanonical(type, def.max, unit), 1);
  return `${value} ${unit} is outside the plausible range for ${type} (${lo}-${hi} ${unit} per record)`;
}

export function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** Sensible display precision per unit. */
export function roundFor(unit: HealthUnit, value: number): number {
  switch (unit) {
    case 'count':
    case 'kcal':
    case 'kJ':
      return Math.round(value);
    case 'h':
      return round(value, 2);
    default:
      return round(value, 1);
  }
}
