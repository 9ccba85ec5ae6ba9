// Drives the real OAuth device flow over HTTP, as a person and an agent would: register a device
// client, request a device code, sign in with the HTML form, approve on /device, poll /token.
// Other suites (MCP) use obtainAccessToken() to get a genuine access token for a person.

export type TokenSet = { accessToken: string; refreshToken: string; clientId: string; expiresIn: number; scope?: string };

export const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

/**
 * A cookie-keeping HTTP client for the HTML forms (follows same-origin redirects itself). Like a
 * browser on its own machine, each session comes from its own address (see simulatedAddress) unless
 * `headers` sets X-Forwarded-For.
 */
export class FormSession {
  readonly cookies = new Map<string, string>();
  readonly headers: Record<string, string>;
  constructor(
    readonly baseUrl: string,
    headers: Record<string, string> = {},
  ) {
    this.headers = { 'x-forwarded-for': simulatedAddress(), ...headers };
  }

  private store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** One request without following redirects. */
  async raw(path: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<Response> {
    const url = new URL(path, this.baseUrl);
    const res = await fetch(url, {
      method: init.method ?? (init.form ? 'POST' : 'GET'),
      redirect: 'manual',
      headers: {
        ...this.headers,
        ...(this.cookies.size ? { cookie: this.cookieHeader() } : {}),
        ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        accept: 'text/html',
      },
      body: init.form ? new URLSearchParams(init.form).toString() : undefined,
    });
    this.store(res);
    return res;
  }

  /** Follows redirects on this origin; returns the final response and its URL. */
  async follow(path: string, init: { form?: Record<string, string> } = {}): Promise<{ res: Response; url: string; html: string }> {
    return this.followFrom(await this.raw(path, init), path);
  }

  /** Follows the redirects of `res`, this session's answer from `path`. */
  private async followFrom(res: Response, path: string): Promise<{ res: Response; url: string; html: string }> {
    let url = new URL(path, this.baseUrl).toString();
    for (let hops = 0; hops < 10 && res.status >= 300 && res.status < 400; hops++) {
      const location = res.headers.get('location');
      if (!location) break;
      const next = new URL(location, url);
      if (next.origin !== new URL(this.baseUrl).origin) return { res, url: next.toString(), html: '' };
      url = next.toString();
      res = await this.raw(next.pathname + next.search);
    }
    return { res, url, html: await res.text() };
  }

  /** Signs in through the sign-in form (the process's opened one: postAnonymousForm); `next` is where the site goes afterwards. */
  async signIn(email: string, password: string, next = '/account'): Promise<{ res: Response; url: string; html: string }> {
    return this.followFrom(await this.postAnonymousForm('/api/auth/sign-in', { email, password, next }), '/api/auth/sign-in');
  }

  /**
   * Posts an anonymous form (sign-in, sign-up, forgot password) with the CSRF pair of the form this
   * process opened on the origin (openedAnonymousForm), as a browser with that form open would: the
   * form's page is not rendered again for each post. A server that refuses the pair (403: another
   * server on the same origin since, with other secrets) gets the post once more with a form opened anew.
   */
  async postAnonymousForm(action: string, fields: Record<string, string>): Promise<Response> {
    for (const fresh of [false, true]) {
      const opened = await openedAnonymousForm(this.baseUrl, fresh);
      for (const [name, value] of opened.cookies) this.cookies.set(name, value);
      const res = await this.raw(action, { form: { ...fields, csrf: opened.csrf } });
      if (res.status !== 403 || fresh) return res;
      await res.arrayBuffer();
    }
    throw new Error('unreachable');
  }

  /**
   * Approves (or declines) a device code on /device as the signed-in person. Returns the answer to the
   * decision and where it sends the browser (`url`, done=approved or done=declined); that page, a
   * notice with no form, is not fetched.
   */
  async decideDevice(userCode: string, decision: 'approve' | 'decline'): Promise<{ res: Response; url: string }> {
    const page = await this.follow(`/device?user_code=${encodeURIComponent(userCode)}`);
    const csrf = hiddenField(page.html, 'csrf');
    const code = hiddenField(page.html, 'user_code');
    if (!csrf || !code) throw new Error(`device page shows no decision form (status ${page.res.status}, url ${page.url})`);
    const res = await this.raw('/api/auth/device', { form: { csrf, user_code: code, decision } });
    const location = res.status >= 300 && res.status < 400 ? res.headers.get('location') : null;
    await res.arrayBuffer();
    return { res, url: new URL(location ?? '/api/auth/device', this.baseUrl).toString() };
  }
}

/**
 * A random private address for one simulated person (sent as X-Forwarded-For, as the proxy in front
 * of the app would): per-address limits then apply per person, not to the whole test run at once.
 */
export function simulatedAddress(): string {
  const b = () => Math.floor(Math.random() * 254) + 1;
  return `10.${b()}.${b()}.${b()}`;
}

/** The cookies and CSRF field of an opened anonymous form (sign-in, sign-up and forgot password share them). */
export type OpenedForm = { cookies: [string, string][]; csrf: string };
const openedForms = new Map<string, Promise<OpenedForm>>();

/**
 * One sign-in form opened on `baseUrl` per test process (its CSRF hop and page render: about 60 ms
 * of server CPU), shared by the helpers that make or sign in people: the anonymous forms' CSRF pair
 * is a double-submit cookie and its HMAC, bound to no address, session or page (lib/auth/csrf.ts), so
 * a browser may post it again and again, as an attacker's script does. `fresh` opens a new one.
 */
export function openedAnonymousForm(baseUrl: string, fresh = false): Promise<OpenedForm> {
  let opened = fresh ? undefined : openedForms.get(baseUrl);
  if (!opened) {
    opened = (async () => {
      const opener = new FormSession(baseUrl);
      const page = await opener.follow('/sign-in');
      const csrf = hiddenField(page.html, 'csrf');
      if (!csrf) throw new Error(`sign-in page has no CSRF field (status ${page.res.status}, url ${page.url})`);
      return { cookies: [...opener.cookies], csrf };
    })();
    openedForms.set(baseUrl, opened);
    opened.catch(() => openedForms.delete(baseUrl));
  }
  return opened;
}

/** Creates a new person through the sign-up form; returns the signed-in session and credentials. */
export async function createPerson(baseUrl: string, prefix = 'person'): Promise<{ email: string; password: string; session: FormSession }> {
  const email = `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = `pw-${Math.random().toString(36).slice(2)}-${Date.now()}`;
  const session = new FormSession(baseUrl, { 'x-forwarded-for': simulatedAddress() });
  // The two posts share the process's opened form (openedAnonymousForm); where each redirects is read
  // from its Location, without fetching the page (harness/accounts.ts signUp does the same).
  const done = await session.postAnonymousForm('/api/auth/sign-up', { email, password, next: '/account' });
  // Sign-up never signs in (it answers the same for a taken e-mail): its mailed link does, or the
  // person signs in with the password, as here.
  const sentTo = done.status === 303 ? new URL(done.headers.get('location') ?? '', baseUrl).pathname : undefined;
  if (sentTo !== '/sign-up/sent') throw new Error(`sign-up failed (status ${done.status}, sent to ${sentTo})`);
  const signedIn = await session.postAnonymousForm('/api/auth/sign-in', { email, password, next: '/account' });
  const landed = signedIn.status === 303 ? new URL(signedIn.headers.get('location') ?? '', baseUrl).pathname : undefined;
  if (landed !== '/account') throw new Error(`sign-in after sign-up failed (status ${signedIn.status}, sent to ${landed})`);
  return { email, password, session };
}

export function hiddenField(html: string, name: string): string | undefined {
  const tag = html.match(new RegExp(`<input[^>]*name="${name}"[^>]*>`))?.[0];
  return tag?.match(/value="([^"]*)"/)?.[1]?.replace(/&amp;/g, '&');
}

export async function registerDeviceClient(
  baseUrl: string,
  clientName = 'Suite test agent',
  headers: Record<string, string> = {},
): Promise<string> {
  const res = await fetch(`${baseUrl}/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({
      client_name: clientName,
      grant_types: [DEVICE_GRANT, 'refresh_token'],
      token_endpoint_auth_method: 'none',
      redirect_uris: [],
      response_types: [],
    }),
  });
  const body = (await res.json()) as { client_id?: string };
  if (res.status !== 201 || !body.client_id) throw new Error(`registration failed: ${res.status} ${JSON.stringify(body)}`);
  return body.client_id;
}

export type DeviceAuthorization = {
  device_code: string;
  user_code: string;
  verification_uri: string;
  verification_uri_complete: string;
  expires_in: number;
  interval: number;
};

export async function startDeviceAuthorization(
  baseUrl: string,
  clientId: string,
  scopes?: string[],
  headers: Record<string, string> = {},
): Promise<DeviceAuthorization> {
  const form = new URLSearchParams({ client_id: clientId, resource: `${baseUrl}/mcp` });
  if (scopes) form.set('scope', scopes.join(' '));
  const res = await fetch(`${baseUrl}/device_authorization`, { method: 'POST', body: form, headers });
  const body = (await res.json()) as DeviceAuthorization;
  if (res.status !== 200) throw new Error(`device authorization failed: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

export async function tokenRequest(
  baseUrl: string,
  params: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${baseUrl}/token`, { method: 'POST', body: new URLSearchParams(params), headers });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

export function toTokenSet(clientId: string, body: Record<string, unknown>): TokenSet {
  if (typeof body.access_token !== 'string' || typeof body.refresh_token !== 'string')
    throw new Error(`no tokens in ${JSON.stringify(body)}`);
  return {
    accessToken: body.access_token,
    refreshToken: body.refresh_token,
    clientId,
    expiresIn: Number(body.expires_in),
    scope: typeof body.scope === 'string' ? body.scope : undefined,
  };
}

/**
 * A real access token for a person: device flow with sign-in and approval over HTTP (the forms a
 * person uses), then one poll of /token. `scopes` defaults to all eight (scope omitted). With
 * `session` (a browser the person is already signed in with, as signUp returns) the approval is made
 * there without signing in again: one argon2 check and two round trips fewer, for files whose subject
 * is not the sign-in.
 */
export async function obtainAccessToken(
  baseUrl: string,
  options: { email: string; password: string; scopes?: string[]; clientName?: string; session?: FormSession },
): Promise<{ accessToken: string; refreshToken: string; clientId: string }> {
  // One simulated person and their agent share one address (see simulatedAddress).
  const address = { 'x-forwarded-for': options.session?.headers['x-forwarded-for'] ?? simulatedAddress() };
  const clientId = await registerDeviceClient(baseUrl, options.clientName, address);
  const device = await startDeviceAuthorization(baseUrl, clientId, options.scopes, address);
  let person = options.session;
  if (!person) {
    person = new FormSession(baseUrl, address);
    const signedIn = await person.signIn(options.email, options.password, `/device?user_code=${encodeURIComponent(device.user_code)}`);
    if (!new URL(signedIn.url).pathname.startsWith('/device'))
      throw new Error(`sign-in failed for ${options.email} (ended at ${signedIn.url})`);
  }
  await person.decideDevice(device.user_code, 'approve');
  const token = await tokenRequest(
    baseUrl,
    { grant_type: DEVICE_GRANT, device_code: device.device_code, client_id: clientId, resource: `${baseUrl}/mcp` },
    address,
  );
  if (token.status !== 200) throw new Error(`token request failed: ${token.status} ${JSON.stringify(token.body)}`);
  const set = toTokenSet(clientId, token.body);
  return { accessToken: set.accessToken, refreshToken: set.refreshToken, clientId };
}
