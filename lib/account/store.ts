// The account aggregate's one door to the database (issue 35): what the export reads, what deletion
// counts and deletes, and the password hash re-authentication checks. lib/account's other modules call
// these, never the database (ESLint: tests/unit/lint/database-doors.test.ts). Small reads go through the
// typed query layer; the export's reads stay Prisma selects (each names its columns, so a column added
// later is not exported until the format declares it); deleting is one Prisma transaction.
import { db } from '@/lib/database/client';
import { reads } from '@/lib/database/kysely';

/** The person's password hash (null without an account). */
export async function passwordHashOf(userId: string): Promise<string | null> {
  const row = await (await reads()).selectFrom('User').select('passwordHash').where('id', '=', userId).executeTakeFirst();
  return row?.passwordHash ?? null;
}

/** The person's e-mail (null without an account). */
export async function emailOf(userId: string): Promise<string | null> {
  const row = await (await reads()).selectFrom('User').select('email').where('id', '=', userId).executeTakeFirst();
  return row?.email ?? null;
}

/** What the deletion page lists: sessions, health records, plans and agents (grants), in one statement. */
export async function deletionCounts(userId: string): Promise<{ sessions: number; healthRecords: number; plans: number; agents: number }> {
  const k = await reads();
  const count = (table: 'Workout' | 'HealthRecord' | 'TrainingPlan') =>
    k
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('userId', '=', userId);
  const row = await k
    .selectNoFrom([
      count('Workout').as('sessions'),
      count('HealthRecord').as('healthRecords'),
      count('TrainingPlan').as('plans'),
      k
        .selectFrom('OAuthRecord')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('kind', '=', 'Grant')
        .where('accountId', '=', userId)
        .as('agents'),
    ])
    .executeTakeFirstOrThrow();
  return { sessions: Number(row.sessions), healthRecords: Number(row.healthRecords), plans: Number(row.plans), agents: Number(row.agents) };
}

/** Every grant the person gave an agent (the ids their tokens name), each once. */
export async function grantIdsOf(userId: string): Promise<string[]> {
  const rows = await (
    await reads()
  )
    .selectFrom('OAuthRecord')
    .select('grantId')
    .distinct()
    .where('accountId', '=', userId)
    .where('grantId', 'is not', null)
    .execute();
  return rows.flatMap((r) => (r.grantId ? [r.grantId] : []));
}

/**
 * Everything else, at once: the provider's own sessions and interactions that name the person, counters
 * keyed by the account (re-authentication by id, sign-in throttling by `signInKey`, the e-mail's hash),
 * then the person, which cascades to every owned row and ends every browser session.
 */
export async function deletePerson(userId: string, signInKey: string): Promise<void> {
  const prisma = await db();
  await prisma.$transaction(async (tx) => {
    await tx.$executeRaw`
      DELETE FROM "OAuthRecord"
      WHERE "accountId" = ${userId}
         OR "payload"->'session'->>'accountId' = ${userId}
         OR "payload"->'result'->'login'->>'accountId' = ${userId}`;
    await tx.rateLimit.deleteMany({ where: { OR: [{ key: { contains: userId } }, { key: { contains: signInKey } }] } });
    await tx.user.delete({ where: { id: userId } });
  });
}

/** The rows of the export (./export.ts), each query naming its columns; null without an account. */
export async function exportRows(userId: string, now: Date) {
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
  ]);
  return {
    user,
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
  };
}

/** The public registration metadata of the agents' clients. */
export async function clientMetadataOf(clientIds: readonly string[]): Promise<{ clientId: string; metadata: unknown }[]> {
  if (clientIds.length === 0) return [];
  const prisma = await db();
  return prisma.oAuthClient.findMany({ where: { clientId: { in: [...clientIds] } }, select: { clientId: true, metadata: true } });
}
