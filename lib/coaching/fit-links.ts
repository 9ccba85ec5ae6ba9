// Short-lived signed links to a session's FIT workout file: HMAC-SHA256 (keyed with TOKEN_SECRET)
// over the owner, the workout and the expiry. Nothing is stored: the link carries the workout id,
// the expiry and the signature, and the owner comes from the workout row when it is opened.
import crypto from 'node:crypto';
import { db } from '@/lib/database/client';
import { secrets } from '@/lib/database/secrets';
import { config } from '@/lib/env';
import { fitPlan } from '@/lib/training/fit-steps';
import { getOrCreateProfile } from '@/lib/profile/profiles';
import { CoachingError, workoutNotFound } from './errors';
import { toWorkout } from './records';
import { encodeFitWorkout } from './fit-file';

export const FIT_LINK_MINUTES = 30;
export const FIT_LINK_PATH = '/api/workouts/fit';

/** The signature of a link, base64url; `key` is TOKEN_SECRET. */
export function fitLinkSignature(key: string, userId: string, workoutId: string, expiresAtS: number): string {
  return crypto.createHmac('sha256', key).update(`fit-link:${userId}:${workoutId}:${expiresAtS}`).digest('base64url');
}

export function signedFitUrl(userId: string, workoutId: string, expiresAt: Date, siteUrl = config().siteUrl): string {
  const e = Math.floor(expiresAt.getTime() / 1000);
  const params = new URLSearchParams({ w: workoutId, e: String(e), sig: fitLinkSignature(secrets().tokenSecret, userId, workoutId, e) });
  return `${siteUrl}${FIT_LINK_PATH}?${params}`;
}

export function fitFileName(w: { date: string; title: string }): string {
  const slug =
    w.title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40) || 'workout';
  return `pacewise-${w.date}-${slug}.fit`;
}

async function ownedWorkout(userId: string, workoutId: string) {
  const row = await (await db()).workout.findFirst({ where: { id: workoutId, userId } });
  // The tool's one argument is named, as for a session that has no watch file.
  if (!row) throw new CoachingError('not_found', workoutNotFound(workoutId).message, { field: 'workoutId' });
  return toWorkout(row);
}

async function buildFile(userId: string, workoutId: string) {
  const w = await ownedWorkout(userId, workoutId);
  const p = await getOrCreateProfile(userId);
  const plan = fitPlan(w, { restingHr: p.restingHr, maxHr: p.maxHr });
  if ('reason' in plan)
    throw new CoachingError('invalid_argument', `workoutId: "${w.title}" on ${w.date} has no watch workout file: ${plan.reason}.`, {
      field: 'workoutId',
    });
  return { w, plan, weightUnit: p.weightUnit === 'lb' ? ('lb' as const) : ('kg' as const) };
}

/** A signed link for the person's own session, after checking the session can become a FIT workout. */
export async function fitWorkoutLink(userId: string, workoutId: string, now = new Date()) {
  const { w, plan } = await buildFile(userId, workoutId);
  const expiresAt = new Date(now.getTime() + FIT_LINK_MINUTES * 60_000);
  return { url: signedFitUrl(userId, w.id, expiresAt), expiresAt, fileName: fitFileName(w), sport: plan.sport, steps: plan.steps.length };
}

export type FitDownload = { status: 200; fileName: string; bytes: Uint8Array } | { status: 404 | 410 | 409; message: string };

const INVALID =
  'This workout link is not valid: it was copied incompletely or changed. Get a new one from your account page or from your agent (get_workout_fit_link).';

/**
 * Opens a signed link. A missing, unknown or altered link is one 404; a genuine link past its expiry
 * is a 410 that says how to get a new one. Real time, never the coaching clock.
 */
export async function openFitLink(query: URLSearchParams, now = new Date()): Promise<FitDownload> {
  const w = query.get('w') ?? '';
  const e = query.get('e') ?? '';
  const sig = query.get('sig') ?? '';
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(w) || !/^\d{1,12}$/.test(e) || !/^[A-Za-z0-9_-]{43}$/.test(sig))
    return { status: 404, message: INVALID };
  const row = await (await db()).workout.findUnique({ where: { id: w }, select: { userId: true } });
  const expected = fitLinkSignature(secrets().tokenSecret, row?.userId ?? '', w, Number(e));
  const genuine = crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(sig)) && row !== null;
  if (!genuine) return { status: 404, message: INVALID };
  if (Number(e) * 1000 < now.getTime()) {
    return {
      status: 410,
      message: `This workout link expired at ${new Date(Number(e) * 1000).toISOString()} (links last ${FIT_LINK_MINUTES} minutes). Get a new one from your account page or from your agent (get_workout_fit_link).`,
    };
  }
  try {
    const { w: workout, plan, weightUnit } = await buildFile(row.userId, w);
    return { status: 200, fileName: fitFileName(workout), bytes: encodeFitWorkout(plan, { weightUnit, createdAt: now }) };
  } catch (error) {
    if (error instanceof CoachingError)
      return { status: 409, message: `${error.message.replace(/^workoutId: /, '')} The session changed since the link was made.` };
    throw error;
  }
}

export type WatchSession = { id: string; date: string; title: string; url: string | null; reason: string | null };

/** The person's sessions from `from` for `days` days, each with a signed FIT link or the reason it has none. */
export async function watchSessions(userId: string, from: string, to: string, now = new Date()): Promise<WatchSession[]> {
  const rows = await (
    await db()
  ).workout.findMany({
    where: { userId, date: { gte: from, lte: to }, status: 'scheduled' },
    orderBy: [{ date: 'asc' }, { id: 'asc' }],
    take: 30,
  });
  const p = rows.length > 0 ? await getOrCreateProfile(userId) : null;
  const expiresAt = new Date(now.getTime() + FIT_LINK_MINUTES * 60_000);
  return rows.map(toWorkout).map((w) => {
    const plan = fitPlan(w, { restingHr: p?.restingHr ?? null, maxHr: p?.maxHr ?? null });
    return 'reason' in plan
      ? { id: w.id, date: w.date, title: w.title, url: null, reason: plan.reason }
      : { id: w.id, date: w.date, title: w.title, url: signedFitUrl(userId, w.id, expiresAt), reason: null };
  });
}
