// tests/support/browser.ts turns off two more Chromium features with a --disable-features switch of its
// own, and Chromium keeps only the last such switch: it must repeat playwright-core's list word for
// word, or features Playwright turns off (HTTPS upgrades, paint holding, storage partitioning...) come
// back on in every browser test. Read as text: the unit tier does not load playwright-core.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** The string literals of the array assigned to `name` in `source` (comments skipped). */
function arrayLiterals(source: string, name: string): string[] {
  const start = source.search(new RegExp(`\\b${name}\\s*(?::[^=]+)?=\\s*\\[`));
  if (start < 0) throw new Error(`no ${name} = [...] found`);
  const body = source.slice(source.indexOf('[', start) + 1, source.indexOf(']', start));
  return [...body.replace(/\/\/.*$/gm, '').matchAll(/["']([^"']+)["']/g)].map((m) => m[1]!);
}

function playwrightSwitches(): string {
  const pkg = createRequire(path.join(ROOT, 'package.json')).resolve('playwright-core/package.json');
  const dir = path.dirname(pkg);
  for (const file of ['lib/coreBundle.js', 'lib/server/chromium/chromiumSwitches.js']) {
    const full = path.join(dir, file);
    if (fs.existsSync(full) && fs.readFileSync(full, 'utf8').includes('disabledFeatures = [')) return fs.readFileSync(full, 'utf8');
  }
  throw new Error(`playwright-core (${dir}) no longer has a disabledFeatures list where this test looks`);
}

describe("the shared Chromium's --disable-features", () => {
  it("repeats playwright-core's own list, which Chromium would otherwise drop", () => {
    const ours = arrayLiterals(fs.readFileSync(path.join(ROOT, 'tests/support/browser.ts'), 'utf8'), 'PLAYWRIGHT_DISABLED_FEATURES');
    const theirs = arrayLiterals(playwrightSwitches(), 'disabledFeatures');
    expect(theirs.length).toBeGreaterThan(5);
    expect(ours).toEqual(theirs);
  });

  it('is the last --disable-features switch and adds the omnibox popups to that list', () => {
    const source = fs.readFileSync(path.join(ROOT, 'tests/support/browser.ts'), 'utf8');
    expect(source.match(/--disable-features=/g)).toHaveLength(1);
    expect(source).toContain("`--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...NO_OMNIBOX_WEBUI].join(',')}`");
    expect(arrayLiterals(source, 'NO_OMNIBOX_WEBUI')).toEqual(['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']);
  });
});
