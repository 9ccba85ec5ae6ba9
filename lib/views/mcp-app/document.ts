// The three ui:// documents from one template and one script (lib/generated/views.ts holds a
// single copy, built by scripts/build-views.mjs): only `data-view` and the title differ. Script and
// style are inline because hosts allow the frame no network at all.
import { VIEW_SCRIPT } from '@/lib/generated/views';

export const VIEW_TITLES = { 'week-plan': 'Pacewise week plan', workout: 'Pacewise workout', progress: 'Pacewise progress' } as const;

export type ViewName = keyof typeof VIEW_TITLES;

export function viewDocument(view: ViewName): string {
  return `<!doctype html><html lang="en" data-view="${view}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${VIEW_TITLES[view]}</title></head><body><main id="root" aria-live="polite"><p>Loading…</p></main><script>${VIEW_SCRIPT}</script></body></html>`;
}
