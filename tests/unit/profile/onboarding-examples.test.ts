// Each onboarding step's example call is valid as it stands: its arguments pass the named tool's own
// input schema, for every goal and unit, so an agent that sends them literally never gets
// invalid_argument (the integration test follows them against the server).
import { describe, expect, it } from 'vitest';
import { computeOnboarding, type OnboardingFacts } from '@/lib/profile/onboarding';
import { tools } from '@/lib/mcp/tools';

const blank: OnboardingFacts = {
  timezone: null,
  experience: null,
  goal: null,
  trainingDays: [],
  benchmarkCount: 0,
  planCount: 0,
  connectedIntegrationCount: 0,
};

const cases: [string, Partial<OnboardingFacts>][] = [
  ['a new person (nothing known, no unit)', {}],
  ['a new person who prefers lb', { weightUnit: 'lb' }],
  ['a strength goal, kg', { goal: 'strength', weightUnit: 'kg', trainingDays: ['tue', 'thu'] }],
  ['a marathon goal', { goal: 'marathon', trainingDays: ['mon', 'wed', 'fri', 'sun'] }],
  ['a 5k goal, lb', { goal: '5k', weightUnit: 'lb' }],
  ['a hybrid goal, six days', { goal: 'hybrid', trainingDays: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat'] }],
];

describe('onboarding example calls', () => {
  it.each(cases)('%s: every step names its tool and valid arguments', (_name, facts) => {
    const { steps } = computeOnboarding({ ...blank, ...facts });
    expect(steps.map((s) => s.id)).toEqual(['PROFILE', 'GOALS', 'BENCHMARKS', 'PLAN', 'DEVICE']);
    for (const step of steps) {
      expect(step.example.toolName).toBe(step.toolName);
      const tool = tools.find((t) => t.name === step.toolName);
      expect(tool, step.toolName).toBeDefined();
      const parsed = tool!.input.safeParse(step.example.arguments);
      expect(parsed.success, `${step.id}: ${JSON.stringify(step.example.arguments)} ${parsed.error?.message ?? ''}`).toBe(true);
      // The hint carries the same arguments, for agents that read only the text.
      expect(step.hint).toContain(JSON.stringify(step.example.arguments));
    }
  });

  it('the benchmark example suits the goal and the unit', () => {
    const bench = (f: Partial<OnboardingFacts>) =>
      computeOnboarding({ ...blank, ...f }).steps.find((s) => s.id === 'BENCHMARKS')!.example.arguments;
    expect(bench({ goal: '10k' })).toMatchObject({ kind: 'race', distanceUnit: 'km' });
    expect(bench({ goal: 'strength', weightUnit: 'lb' })).toMatchObject({ kind: 'lift', unit: 'lb', load: 225 });
    expect(bench({ goal: null })).toMatchObject({ kind: 'lift', unit: 'kg', load: 100 });
  });

  it('units are an object in the PROFILE example (the shape agents got wrong)', () => {
    const profile = computeOnboarding(blank).steps[0]!;
    expect(profile.example.arguments.units).toEqual({ weight: 'kg', distance: 'km' });
  });
});
