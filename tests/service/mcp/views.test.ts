// The MCP Apps side of the catalogue: three ui:// views as resources (MCP Apps MIME type, one
// self-contained document each), named by the tools whose results they show. Hosts without MCP
// Apps see the same tools with the same results. In process; the views in a browser: tests/e2e/apps/views.test.ts.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderProgress, type ProgressData } from '@/lib/views/progress';
import { renderWeekPlan, type WeekPlanData } from '@/lib/views/week-plan';
import { renderWorkout, type WorkoutViewData } from '@/lib/views/workout';
import { Agent, newAccount, newAthlete, todayUtc, type Athlete, type WriteResult } from '../support/athlete';

let agent: Agent;
let client: Client;

beforeAll(async () => {
  agent = await Agent.connect(await newAccount('views'));
  client = agent.client;
});
afterAll(async () => {
  await agent?.close();
});

describe('MCP Apps views', () => {
  it('lists the three views as text/html;profile=mcp-app resources', async () => {
    const { resources } = await client.listResources();
    expect(resources.map((r) => [r.uri, r.mimeType]).sort()).toEqual([
      ['ui://pacewise/progress.html', 'text/html;profile=mcp-app'],
      ['ui://pacewise/week-plan.html', 'text/html;profile=mcp-app'],
      ['ui://pacewise/workout.html', 'text/html;profile=mcp-app'],
    ]);
  });

  it('reads each as one HTML document that asks for no network access, within 150 KB (50 KB gzip)', async () => {
    expect.assertions(3 * 5);
    for (const view of ['week-plan', 'workout', 'progress']) {
      const { contents } = await client.readResource({ uri: `ui://pacewise/${view}.html` });
      const c = contents[0] as {
        text: string;
        mimeType: string;
        _meta?: { ui?: { csp?: { connectDomains: string[]; resourceDomains: string[] } } };
      };
      expect(c.mimeType).toBe('text/html;profile=mcp-app');
      expect(c.text).toContain(`data-view="${view}"`);
      expect(c._meta?.ui?.csp).toEqual({ connectDomains: [], resourceDomains: [] });
      expect(Buffer.byteLength(c.text), view).toBeLessThanOrEqual(150 * 1024);
      expect(gzipSync(c.text).length, view).toBeLessThanOrEqual(50 * 1024);
    }
  });

  it('names the view in the tools that show it, and nowhere else', async () => {
    const { tools } = await client.listTools();
    const withView = Object.fromEntries(
      tools
        .filter((t) => (t._meta as { ui?: unknown })?.ui)
        .map((t) => [t.name, (t._meta as { ui: { resourceUri: string } }).ui.resourceUri]),
    );
    expect(withView).toEqual({
      list_workouts: 'ui://pacewise/week-plan.html',
      get_workout: 'ui://pacewise/workout.html',
      complete_workout: 'ui://pacewise/workout.html',
      get_training_progress: 'ui://pacewise/progress.html',
    });
  });
});

// What the views show comes from the tool results: the renderers the view documents bundle
// (lib/views) are run here on the real results (the same documents in Chromium: tests/e2e/apps).
describe('the views show what happened beside what was prescribed', () => {
  let athlete: Athlete;
  const today = todayUtc();
  beforeAll(async () => {
    athlete = await newAthlete('views-done');
  });
  afterAll(async () => {
    await athlete?.agent.close();
  });

  it('a failed session shows the reps done, the load and the effort, not "3×5 · completed"', async () => {
    const a = athlete.agent;
    const { workout } = await a.call<WriteResult>('create_workout', {
      date: today,
      strength: [{ exercise: 'back-squat', sets: [1, 2, 3].map(() => ({ reps: 5, load: 147.5 })) }],
    });
    await a.call('complete_workout', {
      id: workout.id,
      strength: [{ exercise: 'back-squat', sets: [2, 2, 1].map((reps) => ({ reps, load: 147.5, rpe: 10 })) }],
    });
    const read = await a.call<WorkoutViewData>('get_workout', { id: workout.id });
    expect(renderWorkout(read).__html).toContain('<td>3×5 @ 147.5 kg</td><td>2/2/1 reps @ 147.5 kg RPE 10 · 5 of 15 reps</td>');
    const week = await a.call<WeekPlanData>('list_workouts', { from: today, to: today });
    expect(renderWeekPlan(week).__html).toContain('Back squat 2/2/1 reps @ 147.5 kg RPE 10 · 5 of 15 reps');
  });

  it('a race shows its real time, pace, heart rate and effort', async () => {
    const a = athlete.agent;
    const { workout } = await a.call<WriteResult>('create_workout', {
      date: today,
      title: 'Parkrun',
      run: [{ kind: 'race', distance: 5 }],
    });
    const done = await a.call<WorkoutViewData>('complete_workout', {
      id: workout.id,
      run: { distance: 5, durationSeconds: 21 * 60 + 30, avgHr: 178, rpe: 9.5 },
    });
    expect.assertions(2 * 2);
    for (const data of [done, await a.call<WorkoutViewData>('get_workout', { id: workout.id })]) {
      const html = renderWorkout(data).__html;
      expect(html).toContain('5 km in 21:30 · 4:18 /km · 178 bpm · RPE 9.5');
      expect(html).not.toContain('22 min');
    }
  });

  it('the progress charts end on what the coach holds now (e1RM per lift, VDOT)', async () => {
    const a = athlete.agent;
    const progress = await a.call<ProgressData & { lifts: { exercise: string; e1rm: number | null }[] }>('get_training_progress', {
      weeks: 4,
    });
    const held = progress.weekly.held!;
    expect(held.vdot.at(-1)).toBe(progress.vdot);
    expect(progress.vdot).not.toBeNull();
    const squat = progress.lifts.find((l) => l.exercise === 'back-squat')!;
    expect(held.lifts.find((l) => l.exercise === 'back-squat')!.e1rm.at(-1)).toBe(squat.e1rm);
    const html = renderProgress(progress).__html;
    // A chart's last point, or (one week of data) the sentence that stands in for a one-point chart.
    expect(html).toMatch(new RegExp(`(?:aria-label="VDOT: [^"]*, |<p data-single-point>)${progress.vdot!.toFixed(1)}  in the week of`));
    expect(html).toContain(`${squat.e1rm} kg in the week of ${progress.weekly.weeks.at(-1)!.slice(5)}`);
  });
});
