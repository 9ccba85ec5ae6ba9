// An agent that follows the server's words literally: the instructions say get_account, then
// get_profile and the onboarding steps; each step's example call is sent exactly as given (tool and
// arguments), with the official SDK clients of both generations. Zero failed calls, and onboarding
// ends complete: the hints carry the argument shapes (units is an object, kind is "lift" or "race").
// In process (the clients over InMemoryTransport to the app's McpServer).
import { describe, expect, it } from 'vitest';
import type { ToolCaller } from '../../support/mcp-clients';
import { connectCaller, newAccount, subscribe } from '../support/athlete';

type Step = {
  id: string;
  status: 'todo' | 'done';
  optional: boolean;
  toolName: string;
  hint: string;
  example: { toolName: string; arguments: Record<string, unknown> };
};

describe('onboarding, followed word for word', () => {
  it.each(['sdk-1.x', 'client-2.x'] as const)(
    '%s: every example call succeeds on its first try, and onboarding completes',
    { timeout: 180_000 },
    async (generation) => {
      const { person, userId } = await newAccount(`literal-${generation}`);
      await subscribe({ id: userId, email: person.email });
      const agent: ToolCaller = await connectCaller({ userId }, generation);
      const calls: { name: string; args: Record<string, unknown>; isError: boolean; body: Record<string, unknown> }[] = [];
      const call = async (name: string, args: Record<string, unknown> = {}) => {
        const result = await agent.call(name, args);
        calls.push({ name, args, isError: result.isError, body: result.structured });
        return result.structured;
      };
      try {
        await call('get_account');
        let profile = await call('get_profile');
        const followed: string[] = [];
        for (let turn = 0; turn < 8 && !(profile.onboarding as { complete: boolean }).complete; turn++) {
          const steps = (profile.onboarding as { steps: Step[] }).steps;
          const next = steps.find((s) => s.status === 'todo' && !s.optional)!;
          // The hint shows the same arguments the structured example carries.
          expect(next.hint).toContain(JSON.stringify(next.example.arguments));
          expect(next.example.toolName).toBe(next.toolName);
          followed.push(next.id);
          await call(next.example.toolName, next.example.arguments);
          profile = await call('get_profile');
        }
        const failed = calls.filter((c) => c.isError).map((c) => `${c.name} ${JSON.stringify(c.args)} -> ${JSON.stringify(c.body)}`);
        expect(failed).toEqual([]);
        expect(followed).toEqual(['PROFILE', 'GOALS', 'BENCHMARKS', 'PLAN']);
        expect((profile.onboarding as { complete: boolean }).complete).toBe(true);
        // What the examples set is what the person now has: a plan with sessions to train.
        const workouts = await call('list_workouts', {});
        expect((workouts.workouts as unknown[]).length).toBeGreaterThan(0);
      } finally {
        await agent.close();
      }
    },
  );
});
