// Strava for one person: connect (OAuth 2.0 authorization code), import, disconnect. Every provider
// call of a sync happens before anything is written, so a provider failure leaves no partial import.
import { db } from '@/lib/database/client';
import { config } from '@/lib/env';
import type { IntegrationConnection } from '@/lib/generated/prisma/client';
import { writeBodyWeight } from '@/lib/health/body-weight';
import { inTransaction, integrationSource, upsertHealthRecords } from '@/lib/health/records';
import { localDateOf } from '@/lib/health/zoned-time';
import { createAuthState } from './auth-state';
import {
  claimSyncLease,
  encryptedTokenColumns,
  getConnection,
  isLinked,
  markError,
  readTokens,
  releaseSyncLease,
  saveTokens,
  type ProviderTokens,
} from './connections';
import { IntegrationError } from './errors';
import { deleteImportedWorkouts, importRunWorkouts, pendingRuns } from './run-import';
import {
  athleteWeightKg,
  authorizeUrl,
  deauthorize,
  exchangeCode,
  heartRateStream,
  listActivities,
  refreshTokens,
  StravaError,
  type StravaActivity,
  type StravaConfig,
} from './strava-api';
import { heartRateRecord, importedRun, isRun, summarizeHeartRate, type HeartRateSummary } from './strava-mapping';

export const STRAVA = 'strava';
/** The first import reaches this far back. */
export const INITIAL_IMPORT_DAYS = 90;
/** Later imports look again at this much before the newest activity seen (late uploads); the ledger skips repeats. */
const OVERLAP_S = 3 * 86_400;
const PAGE_SIZE = 50;
const MAX_PAGES = 20;
/** Refresh a token this close to expiry instead of sending it. */
const EXPIRY_MARGIN_MS = 60_000;
/** Where imported runs can be read (told to the agent with every import). */
export const RUNS_STORED_AS = 'completed run workouts (list_workouts); heart rate as workout_heart_rate records (get_health_data)';

export function stravaConfig(): StravaConfig {
  const cfg = config().integrations.strava;
  if (!cfg) {
    throw new IntegrationError(
      'integration_not_configured',
      'Strava is not set up on this Pacewise server (STRAVA_CLIENT_ID and STRAVA_CLIENT_SECRET are missing), so it cannot be connected. Tell the person it is unavailable for now.',
    );
  }
  return cfg;
}

export function stravaRedirectUri(): string {
  return `${config().siteUrl}/integrations/strava/callback`;
}

function notConnected(): IntegrationError {
  return new IntegrationError(
    'not_connected',
    'Strava is not connected for this person. Call connect_integration with "strava" and have the person authorize first.',
  );
}

function unavailable(error: StravaError, what: string): IntegrationError {
  return new IntegrationError(
    'provider_unavailable',
    `Strava is unavailable right now (${error.message.replace(/\.$/, '')}); ${what} Try again in a few minutes.`,
    error.status ? { providerStatus: error.status } : {},
  );
}

const reconnectRequired = () =>
  new IntegrationError(
    'reconnect_required',
    'Strava no longer accepts the stored authorization (it was revoked on Strava or expired). Call connect_integration with "strava" and have the person authorize again.',
  );

// ---- Connect

export async function startStravaConnection(
  userId: string,
): Promise<{ authorizationUrl: string; expiresAt: Date; alreadyConnected: boolean }> {
  const cfg = stravaConfig();
  const { state, expiresAt } = await createAuthState(userId, STRAVA);
  const row = await getConnection(userId, STRAVA);
  return { authorizationUrl: authorizeUrl(cfg, stravaRedirectUri(), state), expiresAt, alreadyConnected: isLinked(row) };
}

export type CallbackQuery = { state?: string; code?: string; scope?: string; error?: string };

/**
 * The OAuth callback once lib/integrations/callback.ts has spent the state and checked that the
 * signed-in person is the one it was made for: exchanges the code and stores the encrypted tokens.
 */
export async function completeStravaAuthorization(q: CallbackQuery, bound: { userId: string }): Promise<{ userId: string }> {
  if (q.error) {
    throw new IntegrationError(
      'authorization_denied',
      'Strava was not connected because the authorization was cancelled. To connect, ask your agent for a new link and press Authorize.',
    );
  }
  if (!q.code)
    throw new IntegrationError('provider_rejected', 'Strava sent no authorization code. Ask your agent for a new link and try again.');
  const granted = (q.scope ?? '').split(/[\s,]+/);
  if (!granted.includes('activity:read_all') && !granted.includes('activity:read')) {
    throw new IntegrationError(
      'missing_permission',
      'Strava was not connected: permission to view your activities was not given. Ask your agent for a new link and leave "View data about your private activities" checked.',
    );
  }
  const cfg = stravaConfig();
  let tokens;
  try {
    tokens = await exchangeCode(cfg, q.code);
  } catch (error) {
    if (error instanceof StravaError && error.failure === 'unavailable') throw unavailable(error, 'Strava was not connected.');
    if (error instanceof StravaError)
      throw new IntegrationError(
        'provider_rejected',
        'Strava did not accept this authorization (it may have expired). Ask your agent for a new link and try again.',
      );
    throw error;
  }
  const prisma = await db();
  const now = new Date();
  const fields = {
    status: 'connected',
    externalAccountId: tokens.athleteId,
    scopes: granted.filter(Boolean).join(','),
    ...encryptedTokenColumns(bound.userId, STRAVA, tokens),
    connectedAt: now,
    disconnectedAt: null,
    lastError: null,
    lastErrorAt: null,
  };
  await prisma.integrationConnection.upsert({
    where: { userId_integrationId: { userId: bound.userId, integrationId: STRAVA } },
    create: { userId: bound.userId, integrationId: STRAVA, ...fields },
    update: fields,
  });
  return { userId: bound.userId };
}

// ---- Authorized calls with refresh

/** Calls Strava with a valid access token: refreshes before expiry, and once more on a 401. */
class StravaSession {
  private tokens: ProviderTokens;

  constructor(
    private readonly cfg: StravaConfig,
    private readonly row: IntegrationConnection,
  ) {
    this.tokens = readTokens(row);
  }

  private async refresh(): Promise<void> {
    let next;
    try {
      next = await refreshTokens(this.cfg, this.tokens.refreshToken);
    } catch (error) {
      if (error instanceof StravaError && error.failure !== 'unavailable') throw reconnectRequired();
      throw error;
    }
    this.tokens = { accessToken: next.accessToken, refreshToken: next.refreshToken, expiresAt: next.expiresAt };
    // Strava may rotate the refresh token: keep the new pair at once, whatever happens next.
    await saveTokens(this.row.userId, this.row.integrationId, this.tokens);
  }

  async call<T>(fn: (accessToken: string) => Promise<T>): Promise<T> {
    if (this.tokens.expiresAt.getTime() - Date.now() < EXPIRY_MARGIN_MS) await this.refresh();
    try {
      return await fn(this.tokens.accessToken);
    } catch (error) {
      if (!(error instanceof StravaError) || error.failure !== 'unauthorized') throw error;
      await this.refresh();
      try {
        return await fn(this.tokens.accessToken);
      } catch (retry) {
        if (retry instanceof StravaError && retry.failure === 'unauthorized') throw reconnectRequired();
        throw retry;
      }
    }
  }
}

// ---- Import

export type SyncResult = {
  integrationId: string;
  /** Activities Strava listed in the window looked at (including ones imported before). */
  activitiesSeen: number;
  importedRuns: number;
  importedHeartRateRecords: number;
  skipped: { activityId: string; name: string; sportType: string; reason: string }[];
  /** First day looked at (YYYY-MM-DD, UTC). */
  since: string;
  lastSyncAt: string;
  /** How imported runs are stored. */
  runsStoredAs: string;
};

const epochSeconds = (d: Date) => Math.floor(d.getTime() / 1000);

async function fetchActivities(session: StravaSession, cfg: StravaConfig, after: number): Promise<StravaActivity[]> {
  const all: StravaActivity[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const batch = await session.call((token) => listActivities(cfg, token, { after, page, perPage: PAGE_SIZE }));
    all.push(...batch);
    if (batch.length < PAGE_SIZE) break;
  }
  // A page boundary moving under us can repeat an activity: keep one of each.
  return [...new Map(all.map((a) => [a.id, a])).values()];
}

export async function syncStrava(userId: string, now = new Date()): Promise<SyncResult> {
  const cfg = stravaConfig();
  const lease = await claimSyncLease(userId, STRAVA, now);
  if (!lease) {
    if (!isLinked(await getConnection(userId, STRAVA))) throw notConnected();
    throw new IntegrationError(
      'sync_in_progress',
      'A Strava import for this person is already running. Wait a minute, then call list_integrations to see lastSyncAt.',
    );
  }
  try {
    const session = new StravaSession(cfg, lease);
    const after = lease.syncCursor !== null ? lease.syncCursor - OVERLAP_S : epochSeconds(now) - INITIAL_IMPORT_DAYS * 86_400;
    const activities = await fetchActivities(session, cfg, after);

    const prisma = await db();
    const seen = new Set(
      (
        await prisma.importedActivity.findMany({
          where: { userId, integrationId: STRAVA, externalId: { in: activities.map((a) => a.id) } },
          select: { externalId: true },
        })
      ).map((r) => r.externalId),
    );
    const fresh = activities.filter((a) => !seen.has(a.id)).sort((a, b) => (a.start_date < b.start_date ? -1 : 1));
    // The athlete's weight, when the person granted profile:read_all: a body-weight reading for today.
    const weightKg = (lease.scopes ?? '').split(',').includes('profile:read_all')
      ? await session.call((token) => athleteWeightKg(cfg, token))
      : null;
    const heartRates = new Map<string, HeartRateSummary>();
    for (const a of fresh) {
      if (!a.has_heartrate) continue;
      const stream = await session.call((token) => heartRateStream(cfg, token, a.id));
      const summary = stream && summarizeHeartRate(stream);
      if (summary) heartRates.set(a.id, summary);
    }

    // Every provider call is done: from here on, only our database. The ledger, the heart-rate
    // records and the cursor are written together; runs then become workouts (see run-import.ts).
    const cursor = Math.max(lease.syncCursor ?? 0, ...activities.map((a) => epochSeconds(new Date(a.start_date))));
    let hrCreated = 0;
    await prisma.$transaction(async (tx) => {
      // The ledger in one statement (a loop of inserts held the transaction open once per activity).
      await tx.importedActivity.createMany({
        data: fresh.map((a) => {
          const run = importedRun(a, heartRates.get(a.id) ?? null);
          return {
            userId,
            integrationId: STRAVA,
            externalId: a.id,
            sportType: a.sport_type ?? a.type ?? 'Unknown',
            name: a.name,
            date: run.date,
            startAt: run.startAt,
            distanceM: run.distanceM,
            movingTimeS: run.movingTimeS,
            elapsedTimeS: run.elapsedTimeS,
            avgHr: run.avgHr,
            maxHr: run.maxHr,
          };
        }),
      });
      const records = fresh.flatMap((a) => {
        const hr = heartRates.get(a.id);
        return hr ? [heartRateRecord(a, hr)] : [];
      });
      const written = await upsertHealthRecords(userId, integrationSource(STRAVA), records, inTransaction(tx));
      hrCreated = written.filter((w) => w.outcome === 'created').length;
      if (weightKg !== null && weightKg >= 25 && weightKg <= 350) {
        const profile = await tx.profile.findUnique({ where: { userId }, select: { timezone: true } });
        await writeBodyWeight(tx, userId, integrationSource(STRAVA), localDateOf(now, profile?.timezone ?? 'UTC'), weightKg);
      }
      await tx.integrationConnection.update({
        where: { userId_integrationId: { userId, integrationId: STRAVA } },
        data: { syncCursor: cursor, lastSyncAt: now, status: 'connected', lastError: null, lastErrorAt: null },
      });
    });
    const runs = await importRunWorkouts(userId, 'Strava', await pendingRuns(userId, STRAVA));
    return {
      integrationId: STRAVA,
      activitiesSeen: activities.length,
      importedRuns: runs.created,
      importedHeartRateRecords: hrCreated,
      skipped: [
        ...fresh
          .filter((a) => !isRun(a))
          .map((a) => ({
            activityId: a.id,
            name: a.name,
            sportType: a.sport_type ?? a.type ?? 'Unknown',
            reason: heartRates.has(a.id)
              ? 'not a run: only runs become workouts; its heart rate was imported'
              : 'not a run: only runs become workouts',
          })),
        ...fresh
          .filter((a) => isRun(a) && a.distance <= 0 && a.moving_time <= 0)
          .map((a) => ({
            activityId: a.id,
            name: a.name,
            sportType: a.sport_type ?? a.type ?? 'Run',
            reason: 'no distance or duration recorded',
          })),
        ...runs.pending.map((p) => ({
          activityId: p.externalId,
          name: p.name,
          sportType: 'Run',
          reason: `could not become a workout yet (${p.reason}); the next sync_integration tries again`,
        })),
      ],
      since: new Date(after * 1000).toISOString().slice(0, 10),
      lastSyncAt: now.toISOString(),
      runsStoredAs: RUNS_STORED_AS,
    };
  } catch (error) {
    if (error instanceof StravaError) {
      const e =
        error.failure === 'unavailable'
          ? unavailable(error, 'nothing was imported.')
          : new IntegrationError(
              'provider_unavailable',
              `Strava refused a request (${error.message}); nothing was imported. Try again later.`,
            );
      await markError(userId, STRAVA, `Last import failed at ${now.toISOString()}: ${e.message}`);
      throw e;
    }
    if (error instanceof IntegrationError && error.code === 'reconnect_required') await markError(userId, STRAVA, error.message);
    throw error;
  } finally {
    await releaseSyncLease(userId, STRAVA);
  }
}

// ---- Disconnect

export type DisconnectResult = {
  integrationId: string;
  wasConnected: boolean;
  revokedAtProvider: boolean;
  deletedImportedData: { workouts: number; healthRecords: number; activities: number } | null;
  message: string;
};

export async function disconnectStrava(userId: string, opts: { deleteImportedData: boolean }): Promise<DisconnectResult> {
  const row = await getConnection(userId, STRAVA);
  const wasConnected = isLinked(row);
  let revokedAtProvider = false;
  if (wasConnected) {
    const cfg = config().integrations.strava;
    if (cfg) {
      try {
        await new StravaSession(cfg, row).call((token) => deauthorize(cfg, token));
        revokedAtProvider = true;
      } catch (error) {
        // Stop syncing regardless: the tokens are deleted below, so nothing can use them again.
        if (!(error instanceof StravaError) && !(error instanceof IntegrationError)) throw error;
      }
    }
    const prisma = await db();
    await prisma.integrationConnection.update({
      where: { id: row.id },
      data: {
        status: 'disconnected',
        accessToken: null,
        refreshToken: null,
        tokenExpiresAt: null,
        syncCursor: null,
        lastError: null,
        lastErrorAt: null,
        disconnectedAt: new Date(),
      },
    });
  }
  const deleted = opts.deleteImportedData ? await deleteImported(userId) : null;
  const parts = [
    wasConnected ? 'Strava is disconnected; Pacewise no longer syncs from it.' : 'Strava was not connected.',
    wasConnected && !revokedAtProvider
      ? 'Strava could not be reached to revoke access; the stored tokens were deleted anyway. The person can also remove Pacewise at https://www.strava.com/settings/apps.'
      : '',
    deleted
      ? `Deleted imported data: ${deleted.workouts} workouts, ${deleted.healthRecords} health records (heart rate, body weight).`
      : 'Imported workouts and heart-rate data are kept; call disconnect_integration with deleteImportedData true to delete them.',
  ];
  return { integrationId: STRAVA, wasConnected, revokedAtProvider, deletedImportedData: deleted, message: parts.filter(Boolean).join(' ') };
}

async function deleteImported(userId: string): Promise<{ workouts: number; healthRecords: number; activities: number }> {
  const prisma = await db();
  const ledger = await prisma.importedActivity.findMany({ where: { userId, integrationId: STRAVA }, select: { workoutId: true } });
  const workouts = await deleteImportedWorkouts(
    userId,
    ledger.flatMap((l) => (l.workoutId ? [l.workoutId] : [])),
  );
  const [records, activities] = await prisma.$transaction([
    prisma.healthRecord.deleteMany({ where: { userId, sourceId: STRAVA } }),
    prisma.importedActivity.deleteMany({ where: { userId, integrationId: STRAVA } }),
  ]);
  return { workouts, healthRecords: records.count, activities: activities.count };
}
