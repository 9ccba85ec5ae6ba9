// axe (WCAG 2 A and AA) on the page as it stands, at a phone's and a laptop's width.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export const WIDTHS = [390, 1366] as const;

/**
 * axe with the WCAG 2 A and AA rules, run in the page itself (axe.run, the builder's "legacy mode").
 * The builder's default runs each frame's part, then opens a blank page, injects axe again and hands
 * it the parts to finish: about a third of each check's time, for cross-origin frames, which no page
 * checked here has (measured on /faq, /blog, / and /sign-up: the same rules and nodes either way).
 */
export function wcagAxe(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).setLegacyMode(true);
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
