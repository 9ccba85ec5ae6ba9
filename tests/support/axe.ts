// axe (WCAG 2 A and AA) on the page as it stands, at a phone's and a laptop's width.
import type AxeBuilder from '@axe-core/playwright';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

export const WIDTHS = [390, 1366] as const;

const TAGS = ['wcag2a', 'wcag2aa'];
type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/**
 * axe with the WCAG 2 A and AA rules, run in the page itself (axe.run, as the builder's "legacy mode"
 * runs it: the builder's default runs each frame's part, then opens a blank page, injects axe again
 * and hands it the parts to finish, for cross-origin frames, which no page checked here has).
 * axe-core (about 550 KB of script) is put into each frame once per document and reused by the
 * document's later checks (other widths, the other colour scheme), as cypress-axe does. The builder
 * sends and evaluates it twice per check, through the run's shared Chromium connection: measured on
 * tests/e2e/site/accessibility (14 checks on 7 pages), 29.6 s -> 15.5 s, about 11 core-seconds less.
 * The same configuration as the builder's (same-origin frames, its branding) and the same rules and results.
 */
export function wcagAxe(page: Page): WcagAxe {
  const included: string[] = [];
  const builder: WcagAxe = {
    include: (selector) => (included.push(selector), builder),
    analyze: () => analyze(page, included),
  };
  return builder;
}

type WcagAxe = { include(selector: string): WcagAxe; analyze(): Promise<AxeResults> };

/** axe-core's source, the copy @axe-core/playwright itself injects. */
let source: string | undefined;
function axeSource(): string {
  const fromBuilder = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
  return (source ??= (fromBuilder('axe-core') as { source: string }).source);
}

async function analyze(page: Page, included: string[]): Promise<AxeResults> {
  const script = axeSource();
  for (const frame of page.frames()) {
    try {
      if (await frame.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function')) continue;
      await frame.evaluate(script);
      await frame.evaluate(() =>
        (window as unknown as { axe: { configure(c: object): void } }).axe.configure({
          allowedOrigins: ['<same_origin>'],
          branding: { application: 'playwright' },
        }),
      );
    } catch (error) {
      // As the builder: a child frame that cannot take the script is left out; the page itself must.
      if (frame === page.mainFrame()) throw error;
    }
  }
  return page.evaluate(
    ({ values, include }) =>
      (window as unknown as { axe: { run(c: object, o: object): Promise<AxeResults> } }).axe.run(
        include.length ? { include, exclude: [] } : document,
        { runOnly: { type: 'tag', values } },
      ),
    { values: TAGS, include: included },
  );
}

/** Violations at each width, one line each ("390 px: rule (impact) at target"); [] when clean. */
export async function axeAtWidths(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    const results = await wcagAxe(page).analyze();
    for (const v of results.violations)
      found.push(
        `${width} px ${new URL(page.url()).pathname}: ${v.id} (${v.impact}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      );
  }
  return found;
}
