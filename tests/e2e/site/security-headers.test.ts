// Pages hardened like an identity provider's, checked in Chromium: the sign-in, sign-up, device,
// account and consent pages refuse to be framed by another origin, and every page type loads (and the
// consent flow completes) under the strict production policy with zero Content-Security-Policy
// violations, console errors or page errors (the production half of dev/dev-server's console check:
// one walk through every page type serves both).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser } from '../../support/browser';
import { createPerson, registerDeviceClient, startDeviceAuthorization } from '../../../harness/oauth';
import { postFacts } from '../../integration/site/content-facts';

const baseUrl = inject('baseUrl');
const SENSITIVE = ['/sign-in', '/sign-up', '/device', '/account', '/interaction/not-a-real-interaction'];
const redirectUri = 'https://agent.example/callback';
let browser: Browser;
let person: { email: string; password: string };
let framer: http.Server;
let framerUrl: string;

beforeAll(async () => {
  browser = await launchBrowser();
  person = await createPerson(baseUrl, 'csp');
  // Another origin (localhost, not 127.0.0.1) that frames our pages, as a clickjacking page would.
  framer = http.createServer((req, res) => {
    res.setHeader('Content-Type', 'text/html');
    if (req.url === '/own') return res.end('<p id="own">framed fine</p>');
    const frames = [
      `<iframe id="own" src="/own"></iframe>`,
      ...SENSITIVE.map((p, i) => `<iframe id="f${i}" src="${baseUrl}${p}"></iframe>`),
    ];
    res.end(`<!doctype html><title>framer</title>${frames.join('')}`);
  });
  await new Promise<void>((r) => framer.listen(0, '127.0.0.1', r));
  framerUrl = `http://localhost:${(framer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await browser?.close();
  await new Promise((r) => framer?.close(r));
});

/** A context that records every CSP violation and console error of its pages. */
async function watchedContext(): Promise<{ context: BrowserContext; problems: string[] }> {
  const context = await browser.newContext();
  const problems: string[] = [];
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`));
  });
  context.on('console', (m) => {
    // Errors other than a 404 page's own status (the 404 page is one of the page types visited).
    if (/Content Security Policy|CSP violation/i.test(m.text()) || (m.type() === 'error' && !/status of 404/.test(m.text())))
      problems.push(`${m.page()?.url()}: ${m.text()}`);
  });
  context.on('weberror', (e) => problems.push(`${e.page()?.url()}: ${e.error().message}`));
  await context.route('https://agent.example/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Agent callback</h1>' }),
  );
  return { context, problems };
}

describe('security headers in Chromium', () => {
  it('another origin cannot frame the sign-in, sign-up, device, account or consent pages', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(framerUrl);
    await page.waitForLoadState('load');
    // The framer's own frame loads, so a refusal below is the policy, not a broken harness.
    expect(await page.frameLocator('#own').locator('#own').textContent()).toBe('framed fine');
    for (const [i, path] of SENSITIVE.entries()) {
      const frame = await (await page.$(`#f${i}`))!.contentFrame();
      const url = frame?.url() ?? '';
      // Chromium replaces a refused frame with its error page.
      expect(url, `${path} was framed`).toMatch(/^chrome-error:/);
    }
    await context.close();
  });

  it('every page type loads with zero CSP violations, and the consent flow completes under the policy', async () => {
    // The strict production policy: no inline or eval'd script (next dev's own is checked in dev/dev-server).
    const csp = (await fetch(`${baseUrl}/`)).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    const { context, problems } = await watchedContext();
    const page = await context.newPage();
    const post = postFacts()[0]!.slug;
    const visited: string[] = [];
    const everyPage = ['/', '/blog', `/blog/${post}`, '/faq', '/docs', '/product', '/agents', '/not-a-page', '/sign-up', '/sign-in'];
    for (const path of everyPage) {
      await page.goto(baseUrl + path);
      await page.waitForLoadState('load');
      visited.push(new URL(page.url()).pathname);
    }
    expect(visited).toEqual(everyPage);
    // Signed in: account, device entry and confirmation.
    await page.getByLabel('E-mail').fill(person.email);
    await page.getByLabel('Password').fill(person.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${baseUrl}/account`);
    await page.goto(`${baseUrl}/device`);
    const d = await startDeviceAuthorization(baseUrl, await registerDeviceClient(baseUrl, 'CSP Device Agent'));
    await page.goto(d.verification_uri_complete);
    expect(await page.getByTestId('client-name').textContent()).toBe('CSP Device Agent');
    // Consent: Approve posts to the site, which redirects to the agent's redirect_uri.
    const config = await oidc.dynamicClientRegistration(
      new URL(baseUrl),
      {
        client_name: 'CSP Browser Agent',
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
      },
      oidc.None(),
      { algorithm: 'oauth2', execute: [oidc.allowInsecureRequests] },
    );
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'profile:read',
      code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
      state: oidc.randomState(),
      resource: `${baseUrl}/mcp`,
    });
    await page.goto(url.href);
    await page.waitForURL(/\/interaction\//);
    const consent = await page.request.get(page.url());
    expect(consent.headers()['x-frame-options']).toBe('DENY');
    expect(consent.headers()['cache-control']).toContain('no-store');
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(/^https:\/\/agent\.example\/callback\?code=/);
    // Late errors (a script that fails after load) surface before counting.
    await page.waitForLoadState('networkidle').catch(() => undefined);
    expect(problems).toEqual([]);
    await context.close();
  });
});
