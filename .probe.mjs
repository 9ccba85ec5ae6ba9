import { chromium } from 'playwright-core';
const base = process.argv[2];
const paths = process.argv.slice(3);
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true });
const ctx = await b.newContext();
await ctx.addInitScript(() => document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`)));
const page = await ctx.newPage();
page.on('console', (m) => { if (m.type() === 'error' || m.type()==='warning') console.log(`[${m.type()}] ${page.url()}: ${m.text().slice(0, 400)}`); });
page.on('pageerror', (e) => console.log(`[pageerror] ${page.url()}: ${e.message.slice(0,400)}`));
for (const p of paths) { const t=Date.now(); const r = await page.goto(base + p, { timeout: 240000 }); await page.waitForLoadState('load'); await page.waitForTimeout(3000); console.log('visited', p, r?.status(), Date.now()-t, 'ms'); }
await b.close();
