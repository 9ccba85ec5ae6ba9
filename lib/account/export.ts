// Gathers everything Pacewise holds about one person into the documented export (export-format.ts).
// Every query names its columns (`select`), so a column added later (a secret, say) is not exported
// until it is declared in the format; connected agents and integrations come from their own services.
import { db } from '@/lib/database/client';
import { listConnectedAgents } from '@/lib/oauth/connected-agents';
import { AccountExport, EXPORT_FORMAT, EXPORT_VERSION } from './export-format';

type Row = Record<string, unknown>;

/** Dates as RFC 3339 strings, everything else as it is (one level: the row's own columns). */
function plain<T extends Row>(row: T): Row {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]));
}

const stringList = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

export async function exportAccount(userId: string, now = new Date()): Promise<AccountExport | null> {
  const prisma = await db();
  const where = { userId };
  const user = await prisma.user.findUnique({ where: { id: userId }, select: { id: true, email: true, createdAt: true, updatedAt: true } });
  if (!user) return null;

  const [
    profile,
    subscription,
    checkouts,
    signIns,
    benchmarks,
    plans,
    workouts,
    events,
    athleteState,
    timeOff,
    healthRecords,
    connections,
    activities,
    agents,
  ] = await Promise.all([
    prisma.profile.findUnique({
      where,
      select: {
        displayName: true,
        birthYear: true,
        sex: true,
        heightCm: true,
        experience: true,
        timezone: true,
        weightUnit: true,
        distanceUnit: true,
        goal: true,
        goalNotes: true,
        raceDate: true,
        raceDistanceM: true,
        trainingDays: true,
        equipment: true,
        restingHr: true,
        maxHr: true,
        createdAt: true,
        updatedAt: true,
      },
    }),
    prisma.subscription.findUnique({
      where,
      select: {
        status: true,
        provider: true,
        currentPeriodEnd: true,
        providerCustomerId: true,
        providerSubscriptionId: true,
        createdAt: true,
        updatedAt: true,
      },
    }),
    // The checkout URL is left out: it is a payment link, not data about the person.
    prisma.checkoutSession.findMany({
      where,
      orderBy: { createdAt: 'asc' },
      select: { id: true, provider: true, status: true, expiresAt: true, completedAt: true, createdAt: true },
    }),
    prisma.session.findMany({
      where: { userId, expiresAt: { gt: now } },
      orderBy: { createdAt: 'asc' },
      select: { createdAt: true, lastSeenAt: true, expiresAt: true },
    }),
    prisma.benchmark.findMany({
      where,
      orderBy: [{ date: 'asc' }, { createdAt: 'asc' }],
      select: {
        id: true,
        kind: true,
        exercise: true,
        reps: true,
        loadKg: true,
        distanceM: true,
        timeS: true,
        date: true,
        notes: true,
        createdAt: true,
      },
    }),
    prisma.trainingPlan.findMany({
      where,
      orderBy: { createdAt: 'asc' },
      select: {
        id: true,
        name: true,
        goal: true,
        startDate: true,
        weeks: true,
        daysPerWeek: true,
        trainingDays: true,
        equipment: true,
        raceDate: true,
        raceDistanceM: true,
        mainLiftProgression: true,
        notes: true,
        basis: true,
        revision: true,
        createdAt: true,
        updatedAt: true,
      },
    }),
    prisma.workout.findMany({
      where,
      orderBy: [{ date: 'asc' }, { createdAt: 'asc' }],
      select: {
        id: true,
        planId: true,
        date: true,
        status: true,
        kind: true,
        title: true,
        week: true,
        phase: true,
        strength: true,
        run: true,
        actual: true,
        notes: true,
        completedAt: true,
        skippedAt: true,
        createdAt: true,
        updatedAt: true,
      },
    }),
    prisma.adaptationEvent.findMany({
      where,
      orderBy: { createdAt: 'asc' },
      select: {
        id: true,
        trigger: true,
        workoutId: true,
        benchmarkId: true,
        notes: true,
        stateBefore: true,
        stateAfter: true,
        createdAt: true,
        changes: {
          orderBy: { position: 'asc' },
          select: { workoutId: true, date: true, path: true, before: true, after: true, reason: true },
        },
      },
    }),
    prisma.athleteState.findUnique({ where, select: { state: true, vdotDate: true, version: true, updatedAt: true } }),
    prisma.timeOff.findMany({
      where,
      orderBy: { fromDate: 'asc' },
      select: { id: true, fromDate: true, toDate: true, kind: true, note: true, createdAt: true },
    }),
    prisma.healthRecord.findMany({
      where,
      orderBy: [{ startAt: 'asc' }, { id: 'asc' }],
      select: {
        id: true,
        type: true,
        value: true,
        unit: true,
        maxValue: true,
        stage: true,
        date: true,
        startAt: true,
        endAt: true,
        source: true,
        sourceId: true,
        externalId: true,
        createdAt: true,
        updatedAt: true,
      },
    }),
    // Never the provider tokens (accessToken, refreshToken are not selected).
    prisma.integrationConnection.findMany({
      where,
      orderBy: { createdAt: 'asc' },
      select: {
        integrationId: true,
        status: true,
        externalAccountId: true,
        scopes: true,
        connectedAt: true,
        disconnectedAt: true,
        lastSyncAt: true,
        lastError: true,
        createdAt: true,
      },
    }),
    prisma.importedActivity.findMany({
      where,
      orderBy: { startAt: 'asc' },
      select: {
        integrationId: true,
        externalId: true,
        sportType: true,
        name: true,
        date: true,
        startAt: true,
        distanceM: true,
        movingTimeS: true,
        elapsedTimeS: true,
        avgHr: true,
        maxHr: true,
        workoutId: true,
        importedAt: true,
      },
    }),
    listConnectedAgents(userId),
  ]);

  const clients = await prisma.oAuthClient.findMany({
    where: { clientId: { in: [...new Set(agents.map((a) => a.clientId))] } },
    select: { clientId: true, metadata: true },
  });
  const clientOf = (clientId: string) => {
    const meta = clients.find((c) => c.clientId === clientId)?.metadata as Row | undefined;
    if (!meta) return null;
    // Only public registration metadata, picked field by field (a secret could never slip through).
    return {
      redirectUris: stringList(meta.redirect_uris),
      grantTypes: stringList(meta.grant_types),
      clientUri: typeof meta.client_uri === 'string' ? meta.client_uri : null,
    };
  };

  return AccountExport.parse({
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: now.toISOString(),
    account: plain(user),
    profile: profile ? plain(profile) : null,
    subscription: subscription ? plain(subscription) : null,
    checkouts: checkouts.map(plain),
    signIns: signIns.map(plain),
    benchmarks: benchmarks.map(plain),
    plans: plans.map(plain),
    sessions: workouts.map(({ strength, run, ...w }) => ({ ...plain(w), prescription: { strength, run } })),
    adaptationHistory: events.map(({ changes, ...e }) => ({ ...plain(e), changes })),
    athleteState: athleteState ? plain(athleteState) : null,
    timeOff: timeOff.map(plain),
    healthRecords: healthRecords.map(plain),
    connectedAgents: agents.map((a) => ({
      grantId: a.grantId,
      clientId: a.clientId,
      clientName: a.clientName,
      scopes: a.scopes,
      firstUsedAt: a.firstUsedAt?.toISOString() ?? null,
      lastUsedAt: a.lastUsedAt?.toISOString() ?? null,
      client: clientOf(a.clientId),
    })),
    integrations: connections.map(plain),
    importedActivities: activities.map(plain),
  });
}

/** The download's file name: `pacewise-export-YYYY-MM-DD.json` (UTC day of the export). */
export function exportFileName(now = new Date()): string {
  return `pacewise-export-${now.toISOString().slice(0, 10)}.json`;
}
