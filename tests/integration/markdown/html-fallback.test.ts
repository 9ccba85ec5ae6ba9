// Pages with no Markdown twin (sign-in, device approval, consent, checkout, account): a client that
// accepts HTML gets the HTML page (never a 404); only a client that accepts Markdown alone gets 406.
import { beforeAll, describe, expect, it } from 'vitest';
import { BROWSER, MARKDOWN_FIRST, get, sitemap, TWIN_COUNT } from './agent-support';

let paths: string[] = [];

beforeAll(async () => {
  ({ paths } = await sitemap());
});

// Pages a person opens from a link an agent hands them; none has a Markdown twin.
const HTML_ONLY = [
  '/device?user_code=BCDF-GHJK',
  '/device',
  '/sign-in',
  '/sign-up',
  '/sign-in?next=%2Faccount',
  '/interaction/unknown-uid',
  '/checkout/unknown-id',
  '/checkout/new',
  '/account',
];

describe('pages without a twin', () => {
  it.each(HTML_ONLY)('%s: a Markdown-preferring agent gets what a browser gets (HTML, never 404)', async (path) => {
    expect.assertions(3 * 6);
    const browser = await get(path, BROWSER);
    for (const accept of [MARKDOWN_FIRST, 'text/markdown, */*;q=0.1', 'text/markdown;q=1, text/html;q=0.5']) {
      const agent = await get(path, accept);
      const where = `${path} with ${accept}`;
      expect(agent.res.status, where).not.toBe(404);
      expect(agent.res.status, where).toBe(browser.res.status);
      expect(agent.res.headers.get('location'), where).toBe(browser.res.headers.get('location'));
      // A redirect may carry no body type; a 200 must be HTML.
      expect(agent.res.status === 200 ? agent.res.headers.get('content-type') : 'text/html', where).toMatch(/^text\/html/);
      expect(agent.res.headers.get('content-type') ?? '', where).not.toMatch(/markdown/);
      expect(agent.res.headers.get('vary') ?? '', where).toMatch(/\bAccept\b/i);
    }
  });

  // The 406 body is fixed text: it names no path, since the path is what a visitor typed (issue 34).
  it.each(HTML_ONLY)('%s: a client that accepts only Markdown gets 406 in Markdown saying to ask for HTML', async (path) => {
    expect.assertions(2 * 5);
    for (const accept of ['text/markdown', 'text/markdown, text/html;q=0']) {
      const { res, body } = await get(path, accept);
      expect(res.status, accept).toBe(406);
      expect(res.headers.get('content-type'), accept).toBe('text/markdown; charset=utf-8');
      expect(body, accept).toContain('# Not available as Markdown');
      expect(body, accept).toContain('Accept: text/html');
      expect(body, accept).not.toContain(path.split('?')[0]!);
    }
  });

  it.each([
    { accept: MARKDOWN_FIRST, status: 404, type: /^text\/html/ },
    { accept: 'text/markdown', status: 404, type: /^text\/markdown/ },
  ])('an unknown path with $accept: $status', async ({ accept, status, type }) => {
    const { res } = await get('/no-such-page', accept);
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toMatch(type);
  });

  it('pages that have a twin still answer Markdown to a Markdown-preferring agent', async () => {
    expect(paths.length).toBe(TWIN_COUNT);
    for (const path of paths) {
      const { res } = await get(path, MARKDOWN_FIRST);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toBe('text/markdown; charset=utf-8');
    }
  });
});
