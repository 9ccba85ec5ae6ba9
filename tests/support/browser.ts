// Debian's Chromium driven by playwright-core (Playwright's own browser download fails here).
import { chromium, type Browser, type BrowserContext, type BrowserServer, type Page } from 'playwright-core';

/**
 * The features playwright-core 1.65 turns off (its chromiumSwitches.ts), repeated here because Chromium
 * keeps only the last --disable-features switch it is given (tests/unit/lint/chromium-features.test.ts
 * fails when playwright-core's list changes).
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Chromium 156 prewarms the address bar's WebUI popup in a renderer of its own for every window, and
 * each browser context a test opens is a window: about half a core-second to one per context, for a
 * popup no test opens (issue 33: six sign-ins in Chromium cost 5.7 core-s in those renderers alone).
 */
const NO_OMNIBOX_WEBUI = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

const options = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
    '--no-first-run',
    `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...NO_OMNIBOX_WEBUI].join(',')}`,
  ],
};

/** The environment variable that hands the run's one Chromium (tests/support/global-setup.ts) to the test files. */
export const BROWSER_ENDPOINT_VAR = 'PACEWISE_BROWSER_WS';

/** One Chromium for a whole test run, started by the global setup; files connect to it. */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer(options);
}

/**
 * A browser for one test file: a connection to the run's shared Chromium when the global setup
 * started one (its close() closes this connection's contexts and disconnects, the browser stays up
 * for the next file), else a Chromium of its own (scripts run outside vitest).
 */
export async function launchBrowser(): Promise<Browser> {
  const endpoint = process.env[BROWSER_ENDPOINT_VAR];
  const browser = endpoint ? await chromium.connect(endpoint) : await chromium.launch(options);
  browser.on('context', patientContext);
  return browser;
}

/**
 * Playwright's action and navigation timeouts for the e2e suite: only there to end a hung test, far
 * above what a loaded machine needs (Playwright's own 30 s is a deadline a busy 2-core machine running
 * two files at a time can miss). A timeout a test passes itself still applies.
 */
export const PATIENT_TIMEOUT_MS = 120_000;

/** Gives a context (one of launchBrowser's, or a persistent one) the suite's patient timeouts. */
export function patientContext(context: BrowserContext): BrowserContext {
  context.setDefaultTimeout(PATIENT_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(PATIENT_TIMEOUT_MS);
  return context;
}

/** Fills and submits the sign-in form the page is on (it may have been redirected there). */
export async function signInOnPage(page: Page, person: { email: string; password: string }): Promise<void> {
  await page.getByLabel('E-mail').fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
