// What is left to set up before coaching can start, as steps an agent can follow one by one. Each
// step carries an example call whose arguments are valid as they stand (replace the values with the
// person's own), so an agent's first try succeeds instead of guessing an argument's shape.
export type OnboardingStepId = 'PROFILE' | 'GOALS' | 'BENCHMARKS' | 'PLAN' | 'DEVICE';

export type ExampleCall = { toolName: string; arguments: Record<string, unknown> };

export type OnboardingStep = {
  id: OnboardingStepId;
  title: string;
  status: 'todo' | 'done';
  optional: boolean;
  /** The tool that completes this step. */
  toolName: string;
  hint: string;
  /** A call that completes the step, with arguments in the exact shape the tool takes. */
  example: ExampleCall;
};

export type Onboarding = { complete: boolean; steps: OnboardingStep[] };

export type OnboardingFacts = {
  timezone: string | null;
  experience: string | null;
  goal: string | null;
  trainingDays: string[];
  benchmarkCount: number;
  planCount: number;
  connectedIntegrationCount: number;
  /** The profile's preferred load unit: the benchmark example uses it. */
  weightUnit?: 'kg' | 'lb';
};

const RUNNING_GOALS = new Set(['5k', '10k', 'half', 'marathon']);

/** A starting benchmark that suits the goal: a race result for running goals, a squat otherwise. */
function benchmarkExample(goal: string | null, weightUnit: 'kg' | 'lb'): Record<string, unknown> {
  if (goal && RUNNING_GOALS.has(goal)) return { kind: 'race', distance: 5, distanceUnit: 'km', timeSeconds: 1470 };
  return { kind: 'lift', exercise: 'back-squat', load: weightUnit === 'lb' ? 225 : 100, unit: weightUnit, reps: 5 };
}

export function computeOnboarding(f: OnboardingFacts): Onboarding {
  const step = (
    id: OnboardingStepId,
    title: string,
    done: boolean,
    toolName: string,
    hint: string,
    args: Record<string, unknown>,
    optional = false,
  ): OnboardingStep => ({
    id,
    title,
    status: done ? 'done' : 'todo',
    optional,
    toolName,
    hint: `${hint} Example arguments (replace the values with the person's): ${JSON.stringify(args)}`,
    example: { toolName, arguments: args },
  });
  const steps = [
    step(
      'PROFILE',
      'Basic facts',
      Boolean(f.timezone && f.experience),
      'update_profile',
      'Call update_profile with timezone (IANA name, e.g. "America/Denver"), experience ("novice", "intermediate" or "advanced") and, if known, units (an object: {"weight": "kg" or "lb", "distance": "km" or "mi"}), birthYear, heightCm, restingHr and maxHr.',
      { timezone: 'America/Denver', experience: 'intermediate', units: { weight: f.weightUnit ?? 'kg', distance: 'km' } },
    ),
    step(
      'GOALS',
      'Goal and training days',
      Boolean(f.goal && f.trainingDays.length > 0),
      'update_profile',
      'Call update_profile with goal ("strength", "5k", "10k", "half", "marathon" or "hybrid"), trainingDays (an array of "mon".."sun"), equipment (an array of "barbell", "dumbbells", "kettlebell", "pullup-bar", "bands", "machines", "bodyweight"), and raceDate (YYYY-MM-DD) if training for a race.',
      {
        goal: f.goal ?? 'strength',
        trainingDays: f.trainingDays.length > 0 ? f.trainingDays : ['mon', 'wed', 'fri'],
        equipment: ['barbell'],
      },
    ),
    step(
      'BENCHMARKS',
      'A starting benchmark',
      f.benchmarkCount > 0,
      'set_benchmark',
      'Call set_benchmark with kind "lift" (exercise id, load in unit, reps) or kind "race" (distance, distanceUnit, timeSeconds: 24:30 is 1470); one is enough to start, more make the plan better.',
      benchmarkExample(f.goal, f.weightUnit ?? 'kg'),
    ),
    step(
      'PLAN',
      'A training plan',
      f.planCount > 0,
      'create_training_plan',
      'Call create_training_plan; every argument defaults from the profile (goal, training days, equipment, race date) and startDate (YYYY-MM-DD) defaults to today, so the goal alone is enough.',
      { goal: f.goal ?? 'strength' },
    ),
    step(
      'DEVICE',
      'A connected device (optional)',
      f.connectedIntegrationCount > 0,
      'connect_integration',
      'Optional: call list_integrations, then connect_integration and have the person open the returned link. Apple Health and Health Connect cannot be connected (they need a native app Pacewise does not have): record what the person reads off their phone with record_health_data.',
      { integrationId: 'strava' },
      true,
    ),
  ];
  return { complete: steps.every((s) => s.optional || s.status === 'done'), steps };
}
