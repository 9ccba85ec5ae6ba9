// A person's private calendar feed. Calendar clients cannot send headers, so the feed URL itself is
// the credential (a capability URL, the one place a secret stands in a URL). Only its HMAC is
// stored (keyed with TOKEN_SECRET, the scheme of lib/auth/secret-hash.ts, which this service layer
// cannot import); the secret is shown once, when created or rotated, and never again.
import crypto from 'node:crypto';
import { db } from '@/lib/database/client';
import { reads } from '@/lib/database/kysely';
import { secrets } from '@/lib/database/secrets';
import { config } from '@/lib/env';
import { todayIn } from '@/lib/clock';
import { addDays } from '@/lib/training/dates';
import { writeCalendar } from '@/lib/web/icalendar';
import { getOrCreateProfile } from '@/lib/profile/profiles';
import { toWorkout, workoutColumns } from './records';
import { sessionEvent, type CalendarPerson, type CalendarWorkout } from './calendar-events';

const PURPOSE = 'calendar-feed';
/** Past sessions kept in the feed: enough to see the last weeks, and the read stays bounded. */
export const FEED_PAST_DAYS = 56;
export const FEED_FUTURE_DAYS = 400;
const FEED_MAX_EVENTS = 1000;
/** How often clients are asked to fetch again; Google and Outlook poll on their own schedule anyway. */
export const FEED_REFRESH_MINUTES = 60;

export function feedSecretHash(secret: string): string {
  return crypto.createHmac('sha256', secrets().tokenSecret).update(`${PURPOSE}:${secret}`).digest('hex');
}

/** The two forms of the feed URL: https for Google Calendar and Outlook, webcal:// for Apple Calendar's subscribe prompt. */
export function feedUrls(secret: string, siteUrl = config().siteUrl): { https: string; webcal: string } {
  const https = `${siteUrl}/api/calendar/${secret}.ics`;
  return { https, webcal: https.replace(/^https?:/, 'webcal:') };
}

export type FeedStatus = { active: boolean; createdAt: Date | null; rotatedAt: Date | null };

export async function feedStatus(userId: string): Promise<FeedStatus> {
  const row = await (await db()).calendarFeed.findUnique({ where: { userId } });
  return { active: row !== null, createdAt: row?.createdAt ?? null, rotatedAt: row?.rotatedAt ?? null };
}

/** Creates the feed, or rotates it (the old URL stops working at once). Returns the new secret: shown once. */
export async function createOrRotateFeed(
  userId: string,
): Promise<{ secret: string; rotated: boolean; urls: { https: string; webcal: string } }> {
  const secret = crypto.randomBytes(32).toString('base64url');
  const tokenHash = feedSecretHash(secret);
  const prisma = await db();
  const existing = await prisma.calendarFeed.findUnique({ where: { userId }, select: { userId: true } });
  await prisma.calendarFeed.upsert({ where: { userId }, update: { tokenHash, rotatedAt: new Date() }, create: { userId, tokenHash } });
  return { secret, rotated: existing !== null, urls: feedUrls(secret) };
}

/** Revokes the feed: its URL answers 404 from now on. False when there was none. */
export async function revokeFeed(userId: string): Promise<boolean> {
  const { count } = await (await db()).calendarFeed.deleteMany({ where: { userId } });
  return count > 0;
}

export type FeedLookup = {
  /** The stored hash equal to `hash`, with its owner, or null. */
  byHash: (hash: string) => Promise<{ userId: string; tokenHash: string } | null>;
  /** Constant-time equality of two hex hashes. */
  equal: (a: string, b: string) => boolean;
};

const NO_MATCH = '0'.repeat(64);

export const databaseLookup: FeedLookup = {
  byHash: async (hash) => (await db()).calendarFeed.findUnique({ where: { tokenHash: hash }, select: { userId: true, tokenHash: true } }),
  equal: (a, b) => a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b)),
};

/**
 * The owner of a feed secret, or null. Every secret takes the same steps: hash, one indexed read by
 * the hash, one constant-time comparison (against a placeholder when nothing was found). A wrong
 * secret and an unknown one are the same case; nothing about the input picks another path.
 */
export async function resolveFeedSecret(secret: string, lookup: FeedLookup = databaseLookup): Promise<string | null> {
  const hash = feedSecretHash(secret);
  const row = await lookup.byHash(hash);
  const matches = lookup.equal(row?.tokenHash ?? NO_MATCH, hash);
  return matches && row ? row.userId : null;
}

/** The secret part of a feed path segment ("<secret>.ics"); any other segment is still hashed (the same path). */
export function secretFromSegment(segment: string): string {
  return segment.endsWith('.ics') ? segment.slice(0, -4) : segment;
}

async function feedWorkouts(userId: string, from: string, to: string): Promise<CalendarWorkout[]> {
  const rows = await (
    await reads()
  )
    .selectFrom('Workout')
    .select([...workoutColumns, 'sequence'])
    .where('userId', '=', userId)
    .where('date', '>=', from)
    .where('date', '<=', to)
    .orderBy('date')
    .orderBy('id')
    .limit(FEED_MAX_EVENTS)
    .execute();
  return rows.map((r) => ({ ...toWorkout(r), sequence: Number(r.sequence) }));
}

/** The person's calendar document (text/calendar): sessions from FEED_PAST_DAYS ago to FEED_FUTURE_DAYS ahead. */
export async function feedCalendar(userId: string): Promise<string> {
  const p = await getOrCreateProfile(userId);
  const timezone = p.timezone ?? 'UTC';
  const today = todayIn(timezone);
  const person: CalendarPerson = {
    timezone,
    trainingTime: p.trainingTime ?? null,
    weightUnit: p.weightUnit === 'lb' ? 'lb' : 'kg',
    distanceUnit: p.distanceUnit === 'mi' ? 'mi' : 'km',
    restingHr: p.restingHr,
    maxHr: p.maxHr,
  };
  const workouts = await feedWorkouts(userId, addDays(today, -FEED_PAST_DAYS), addDays(today, FEED_FUTURE_DAYS));
  const site = config().siteUrl;
  // Today follows the coaching clock (todayIn); the instants written (DTSTAMP) are real time.
  const stamp = new Date();
  const ctx = { uidDomain: new URL(site).hostname, now: stamp, accountUrl: `${site}/account` };
  return writeCalendar({
    prodId: '-//Pacewise//Training calendar//EN',
    name: 'Pacewise training',
    description: 'Your Pacewise sessions. The plan adapts as you train; this calendar follows it.',
    timezone,
    refreshMinutes: FEED_REFRESH_MINUTES,
    stamp,
    events: workouts.map((w) => sessionEvent(w, person, today, ctx)),
  });
}
