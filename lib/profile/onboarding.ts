// What is left to set up before coaching can start, as steps an agent can follow one by one.
export type OnboardingStepId = 'PROFILE' | 'GOALS' | 'BENCHMARKS' | 'PLAN' | 'DEVICE';

export type OnboardingStep = {
  id: OnboardingStepId;
  title: string;
  status: 'todo' | 'done';
  optional: boolean;
  /** The tool that completes this step. */
  toolName: string;
  hint: string;
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
};

export function computeOnboarding(f: OnboardingFacts): Onboarding {
  const step = (id: OnboardingStepId, title: string, done: boolean, toolName: string, hint: string, optional = false): OnboardingStep => ({
    id,
    title,
    status: done ? 'done' : 'todo',
    optional,
    toolName,
    hint,
  });
  const steps = [
    step('PROFILE', 'Basic facts', Boolean(f.timezone && f.experience), 'update_profile',
      'Call update_profile with timezone (IANA name, e.g. "America/Denver"), experience ("novice", "intermediate" or "advanced") and, if known, units, birthYear, heightCm, restingHr and maxHr.'),
    step('GOALS', 'Goal and training days', Boolean(f.goal && f.trainingDays.length > 0), 'update_profile',
      'Call update_profile with goal ("strength", "5k", "10k", "half", "marathon" or "hybrid"), trainingDays (e.g. ["mon","wed","fri"]), equipment, and raceDate (YYYY-MM-DD) if training for a race.'),
    step('BENCHMARKS', 'A starting benchmark', f.benchmarkCount > 0, 'set_benchmark',
      'Call set_benchmark with a recent lift (exercise, load, reps, e.g. back-squat 100 kg x 5) or race result (distance and time, e.g. 5 km in 24:30); one is enough to start, more make the plan better.'),
    step('PLAN', 'A training plan', f.planCount > 0, 'create_training_plan',
      'Call create_training_plan with the goal, startDate (YYYY-MM-DD), weeks and daysPerWeek; it schedules the sessions from the profile and benchmarks.'),
    step('DEVICE', 'A connected device (optional)', f.connectedIntegrationCount > 0, 'connect_integration',
      'Optional: call list_integrations, then connect_integration (e.g. "strava") and have the person open the returned link. Apple Health and Health Connect are connected in the mobile app.', true),
  ];
  return { complete: steps.every((s) => s.optional || s.status === 'done'), steps };
}
