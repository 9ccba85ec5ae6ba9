// The Strava endpoints Pacewise uses (https://developers.strava.com/docs/authentication/ and
// /docs/reference/), with every response checked by zod. The base URL comes from configuration so
// tests can point it at a local stub. Tokens never appear in errors or logs.
import { z } from 'zod';

export type StravaConfig = { clientId: string; clientSecret: string; baseUrl: string };

/** Scopes asked for: the profile (required by Strava) and all activities, including private ones. */
// profile:read_all: the detailed athlete, whose `weight` (kg) becomes a body-weight reading.
export const STRAVA_SCOPES = 'read,activity:read_all,profile:read_all';

export type StravaFailure = 'unavailable' | 'unauthorized' | 'rejected';

export class StravaError extends Error {
  constructor(
    readonly failure: StravaFailure,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'StravaError';
  }
}

const TIMEOUT_MS = 15_000;

const TokenResponse = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  expires_at: z.number().int().positive(),
  athlete: z
    .object({ id: z.union([z.number(), z.string()]) })
    .loose()
    .optional(),
});

export type StravaTokens = { accessToken: string; refreshToken: string; expiresAt: Date; athleteId: string | null };

export const StravaActivity = z
  .object({
    id: z.union([z.number().int(), z.string().regex(/^\d+$/)]).transform(String),
    name: z.string().default(''),
    type: z.string().optional(),
    sport_type: z.string().optional(),
    start_date: z.iso.datetime({ offset: true }),
    start_date_local: z.string().regex(/^\d{4}-\d{2}-\d{2}T/),
    distance: z.number().nonnegative().default(0),
    moving_time: z.number().int().nonnegative().default(0),
    elapsed_time: z.number().int().nonnegative().default(0),
    has_heartrate: z.boolean().default(false),
    average_heartrate: z.number().optional(),
    max_heartrate: z.number().optional(),
  })
  .loose();
export type StravaActivity = z.infer<typeof StravaActivity>;

const Stream = z.object({ type: z.string().optional(), data: z.array(z.number().nullable()) }).loose();
// key_by_type=true answers {time: {...}, heartrate: {...}}; without it, a list of typed streams.
const StreamsResponse = z.union([z.record(z.string(), Stream), z.array(Stream)]);

export type HeartRateStream = { time: number[]; heartrate: number[] };

function describe(status: number): StravaError {
  if (status === 401) return new StravaError('unauthorized', 'Strava rejected the stored authorization.', status);
  if (status === 429) return new StravaError('unavailable', 'Strava rate limit reached (HTTP 429).', status);
  if (status >= 500) return new StravaError('unavailable', `Strava answered HTTP ${status}.`, status);
  return new StravaError('rejected', `Strava refused the request (HTTP ${status}).`, status);
}

async function send(cfg: StravaConfig, path: string, init: RequestInit): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(new URL(path, cfg.baseUrl), { ...init, redirect: 'error', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw new StravaError('unavailable', 'Strava could not be reached (network error or timeout).');
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => undefined);
    throw describe(res.status);
  }
  try {
    return await res.json();
  } catch {
    throw new StravaError('unavailable', 'Strava sent a response that is not JSON.', res.status);
  }
}

function parse<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
  const r = schema.safeParse(body);
  if (!r.success) throw new StravaError('unavailable', `Strava sent an unexpected ${what}.`);
  return r.data;
}

/** The consent page URL the person opens (GET /oauth/authorize). */
export function authorizeUrl(cfg: StravaConfig, redirectUri: string, state: string): string {
  const u = new URL('/oauth/authorize', cfg.baseUrl);
  u.search = new URLSearchParams({
    client_id: cfg.clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    approval_prompt: 'auto',
    scope: STRAVA_SCOPES,
    state,
  }).toString();
  return u.toString();
}

async function tokenRequest(cfg: StravaConfig, fields: Record<string, string>): Promise<StravaTokens> {
  const body = await send(cfg, '/oauth/token', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({ client_id: cfg.clientId, client_secret: cfg.clientSecret, ...fields }),
  });
  const t = parse(TokenResponse, body, 'token response');
  return {
    accessToken: t.access_token,
    refreshToken: t.refresh_token,
    expiresAt: new Date(t.expires_at * 1000),
    athleteId: t.athlete ? String(t.athlete.id) : null,
  };
}

export function exchangeCode(cfg: StravaConfig, code: string): Promise<StravaTokens> {
  return tokenRequest(cfg, { code, grant_type: 'authorization_code' });
}

export function refreshTokens(cfg: StravaConfig, refreshToken: string): Promise<StravaTokens> {
  return tokenRequest(cfg, { refresh_token: refreshToken, grant_type: 'refresh_token' });
}

/** Revokes the app's access for the athlete (POST /oauth/deauthorize). */
export async function deauthorize(cfg: StravaConfig, accessToken: string): Promise<void> {
  await send(cfg, '/oauth/deauthorize', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({ access_token: accessToken }),
  });
}

const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}`, accept: 'application/json' });

/** One page of the athlete's activities that started after `after` (epoch seconds). */
export async function listActivities(
  cfg: StravaConfig,
  accessToken: string,
  q: { after: number; page: number; perPage: number },
): Promise<StravaActivity[]> {
  const params = new URLSearchParams({ after: String(q.after), page: String(q.page), per_page: String(q.perPage) });
  const body = await send(cfg, `/api/v3/athlete/activities?${params}`, { headers: bearer(accessToken) });
  return parse(z.array(StravaActivity), body, 'activity list');
}

const Athlete = z.object({ weight: z.number().nullable().optional() }).loose();

/** The athlete's body weight in kg (needs profile:read_all); null when not set. */
export async function athleteWeightKg(cfg: StravaConfig, accessToken: string): Promise<number | null> {
  const body = await send(cfg, '/api/v3/athlete', { headers: bearer(accessToken) });
  const weight = parse(Athlete, body, 'athlete').weight;
  return typeof weight === 'number' && weight > 0 ? weight : null;
}

/** The heart-rate and time streams of one activity; null when it has no heart rate. */
export async function heartRateStream(cfg: StravaConfig, accessToken: string, activityId: string): Promise<HeartRateStream | null> {
  const params = new URLSearchParams({ keys: 'heartrate,time', key_by_type: 'true' });
  let body: unknown;
  try {
    body = await send(cfg, `/api/v3/activities/${encodeURIComponent(activityId)}/streams?${params}`, { headers: bearer(accessToken) });
  } catch (error) {
    // 404: the activity was deleted on Strava or has no streams.
    if (error instanceof StravaError && error.status === 404) return null;
    throw error;
  }
  const streams = parse(StreamsResponse, body, 'stream response');
  const byType = Array.isArray(streams) ? Object.fromEntries(streams.map((s) => [s.type ?? '', s])) : streams;
  const hr = byType.heartrate?.data;
  const time = byType.time?.data;
  if (!hr || !time || hr.length === 0 || hr.length !== time.length) return null;
  const pairs = hr.map((h, i) => [time[i], h] as const).filter((p): p is readonly [number, number] => p[0] != null && p[1] != null);
  return { time: pairs.map((p) => p[0]), heartrate: pairs.map((p) => p[1]) };
}
