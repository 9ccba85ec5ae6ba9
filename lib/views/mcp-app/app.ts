// Runs inside the agent host's sandboxed frame (MCP Apps): receives the tool result from the host,
// renders it with the same view code the account page uses, follows the host's theme, and lets the
// person mark a session done (complete_workout through the host, with the agent's scopes and guards).
// Bundled (with its stylesheet) by scripts/build-views.mjs into one script that all three ui://
// documents inline (./document.ts); `data-view` on <html> says which view this frame is.
import type { McpUiHostContext } from '@modelcontextprotocol/ext-apps';
import { renderProgress, type ProgressData } from '@/lib/views/progress';
import VIEW_CSS from '@/lib/views/views.css';
import { renderWeekPlan, type WeekPlanData } from '@/lib/views/week-plan';
import { renderWorkout, type WorkoutViewData } from '@/lib/views/workout';
import { applyDocumentTheme, applyHostStyleVariables, ViewGuest } from './guest';

type Result = { structuredContent?: unknown; isError?: boolean };

const style = document.createElement('style');
style.textContent = VIEW_CSS;
document.head.append(style);

const view = document.documentElement.dataset.view;
const root = document.getElementById('root')!;
const app = new ViewGuest({ name: `Pacewise ${view}`, version: '1.0.0' });
let last: unknown;

function render(data: unknown): void {
  last = data;
  const out =
    view === 'progress'
      ? renderProgress(data as ProgressData)
      : view === 'workout'
        ? renderWorkout(data as WorkoutViewData, { markDone: true })
        : renderWeekPlan(data as WeekPlanData, { markDone: true });
  root.innerHTML = out.__html;
}

function show(result: Result): void {
  if (result.isError || !result.structuredContent) {
    root.textContent = 'Nothing to show: the tool reported an error (the agent has the details).';
    return;
  }
  render(result.structuredContent);
}

app.ontoolresult = (result) => show(result as Result);
/** The host's theme, style variables and safe area (at the handshake and whenever they change). */
function applyHostContext(ctx: McpUiHostContext | undefined): void {
  if (!ctx) return;
  if (ctx.theme) {
    applyDocumentTheme(ctx.theme);
    document.documentElement.dataset.theme = ctx.theme;
  }
  if (ctx.styles?.variables) applyHostStyleVariables(ctx.styles.variables);
  // Mobile hosts (Claude) report what their notch and composer cover.
  const inset = ctx.safeAreaInsets;
  if (inset) document.body.style.padding = `${inset.top}px ${inset.right}px ${inset.bottom}px ${inset.left}px`;
}

app.onhostcontextchanged = applyHostContext;

root.addEventListener('click', (event) => {
  const id = (event.target as HTMLElement).closest<HTMLElement>('[data-done]')?.dataset.done;
  if (!id) return;
  void (async () => {
    const button = root.querySelector<HTMLButtonElement>(`[data-done="${CSS.escape(id)}"]`);
    if (button) button.disabled = true;
    const result = (await app.callServerTool({ name: 'complete_workout', arguments: { id, asPrescribed: true } })) as Result;
    if (result.isError || !result.structuredContent) {
      if (button) button.disabled = false;
      return;
    }
    const done = (result.structuredContent as { workout: WorkoutViewData['workout'] }).workout;
    if (view === 'workout') render({ ...(result.structuredContent as object) });
    else if (view === 'week-plan')
      render({ ...(last as WeekPlanData), workouts: (last as WeekPlanData).workouts.map((w) => (w.id === done.id ? done : w)) });
  })();
});

void app.connect().then(applyHostContext);
