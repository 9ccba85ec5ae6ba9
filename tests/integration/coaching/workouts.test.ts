// The HTTP edge of the workout tools (their behaviour is tested in process: tests/service/coaching/workouts.test.ts):
// a token without workouts:write gets 403 with the step-up challenge before the tool runs.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { obtainAccessToken } from '../../../harness/oauth';
import { Agent, newAthlete, todayUtc, type Athlete } from './athlete';

const baseUrl = inject('baseUrl');
const today = todayUtc();
let me: Athlete;

beforeAll(async () => {
  me = await newAthlete(baseUrl, 'crud');
});
afterAll(async () => {
  await me?.agent.close();
});

const squat = (sets: Record<string, unknown>[]) => ({ exercise: 'back-squat', sets });

describe('guards', () => {
  it('a read-only connection can list but not write (insufficient_scope names the scope)', async () => {
    const { accessToken } = await obtainAccessToken(baseUrl, { ...me.person, scopes: ['workouts:read'], clientName: 'read only' });
    const reader = await Agent.connect(baseUrl, accessToken);
    try {
      expect((await reader.try('list_workouts')).isError).toBe(false);
      await expect(reader.try('create_workout', { date: today, strength: [squat([{ reps: 5 }])] })).rejects.toMatchObject({
        code: 403,
        message: expect.stringMatching(/needs the ..workouts:write..? scope[\s\S]*insufficient_scope/),
      });
    } finally {
      await reader.close();
    }
  });
});
