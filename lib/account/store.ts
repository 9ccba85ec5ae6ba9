// The account aggregate's one door to the database (issue 35): what the export reads, what deletion
// counts and deletes, and the password hash re-authentication checks. lib/account's other modules call
// these, never the database (ESLint: tests/unit/lint/database-doors.test.ts). Reads go through the typed
// query layer (the export's statements each name their columns, so a column added later is not exported
// until the format declares it); deleting is one Prisma transaction.
import { sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
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

/** A timestamp column (Prisma's DateTime, UTC without a zone) as its instant, named as the column. */
function utc<T extends Date | null = Date>(column: string, as: string) {
  return sql<T>`${sql.ref(column)} AT TIME ZONE 'UTC'`.as(as);
}

/** A list column as Prisma reads it: [] where the row holds NULL (rows written before the column's default). */
function list(column: string) {
  return sql<string[]>`COALESCE(${sql.ref(column)}, '{}')`.as(column.split('.').pop()!);
}

/**
 * The rows of the export (./export.ts), each statement naming its columns (a column added to a table is
 * not exported until it is named here and declared in the format); null without an account. Typed
 * statements, all at once: timestamps as instants (Dates), arrays as arrays, JSON parsed, as Prisma gave them.
 */
export async function exportRows(userId: string, now: Date) {
  const k = await reads();
  const user = await k
    .selectFrom('User')
    .select(['id', 'email', utc('createdAt', 'createdAt'), utc('updatedAt', 'updatedAt')])
    .where('id', '=', userId)
    .executeTakeFirst();
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
    k
      .selectFrom('Profile')
      .select([
        'displayName',
        'birthYear',
        'sex',
        'heightCm',
        'experience',
        'timezone',
        'weightUnit',
        'distanceUnit',
        'goal',
        'goalNotes',
        'raceDate',
        'raceDistanceM',
        list('trainingDays'),
        list('equipment'),
        'restingHr',
        'maxHr',
        'trainingTime',
        utc('createdAt', 'createdAt'),
        utc('updatedAt', 'updatedAt'),
      ])
      .where('userId', '=', userId)
      .executeTakeFirst(),
    k
      .selectFrom('Subscription')
      .select([
        'status',
        'provider',
        utc<Date | null>('currentPeriodEnd', 'currentPeriodEnd'),
        'providerCustomerId',
        'providerSubscriptionId',
        utc('createdAt', 'createdAt'),
        utc('updatedAt', 'updatedAt'),
      ])
      .where('userId', '=', userId)
      .executeTakeFirst(),
    // The checkout URL is left out: it is a payment link, not data about the person.
    k
      .selectFrom('CheckoutSession')
      .select([
        'id',
        'provider',
        'status',
        utc('expiresAt', 'expiresAt'),
        utc<Date | null>('completedAt', 'completedAt'),
        utc('createdAt', 'createdAt'),
      ])
      .where('userId', '=', userId)
      .orderBy('createdAt', 'asc')
      .execute(),
    k
      .selectFrom('Session')
      .select([utc('createdAt', 'createdAt'), utc('lastSeenAt', 'lastSeenAt'), utc('expiresAt', 'expiresAt')])
      .where('userId', '=', userId)
      .where('expiresAt', '>', now)
      .orderBy('createdAt', 'asc')
      .execute(),
    k
      .selectFrom('Benchmark')
      .select(['id', 'kind', 'exercise', 'reps', 'loadKg', 'distanceM', 'timeS', 'date', 'notes', utc('createdAt', 'createdAt')])
      .where('userId', '=', userId)
      .orderBy('date', 'asc')
      .orderBy('createdAt', 'asc')
      .execute(),
    k
      .selectFrom('TrainingPlan')
      .select([
        'id',
        'name',
        'goal',
        'startDate',
        'weeks',
        'daysPerWeek',
        list('trainingDays'),
        list('equipment'),
        'raceDate',
        'raceDistanceM',
        'mainLiftProgression',
        'notes',
        'basis',
        'revision',
        utc('createdAt', 'createdAt'),
        utc('updatedAt', 'updatedAt'),
      ])
      .where('userId', '=', userId)
      .orderBy('createdAt', 'asc')
      .execute(),
    k
      .selectFrom('Workout')
      .select([
        'id',
        'planId',
        'date',
        'status',
        'kind',
        'title',
        'week',
        'phase',
        'strength',
        'run',
        'actual',
        'notes',
        utc<Date | null>('completedAt', 'completedAt'),
        utc<Date | null>('skippedAt', 'skippedAt'),
        utc('createdAt', 'createdAt'),
        utc('updatedAt', 'updatedAt'),
      ])
      .where('userId', '=', userId)
      .orderBy('date', 'asc')
      .orderBy('createdAt', 'asc')
      .execute(),
    k
      .selectFrom('AdaptationEvent as e')
      .select((eb) => [
        'e.id',
        'e.trigger',
        'e.workoutId',
        'e.benchmarkId',
        list('e.notes'),
        'e.stateBefore',
        'e.stateAfter',
        utc('e.createdAt', 'createdAt'),
        // Each record's changes in their order, inside the record's row (no timestamps among them).
        jsonArrayFrom(
          eb
            .selectFrom('WorkoutChange as c')
            .select(['c.workoutId', 'c.date', 'c.path', 'c.before', 'c.after', 'c.reason'])
            .whereRef('c.eventId', '=', 'e.id')
            .orderBy('c.position', 'asc'),
        ).as('changes'),
      ])
      .where('e.userId', '=', userId)
      .orderBy('e.createdAt', 'asc')
      .execute(),
    k
      .selectFrom('AthleteState')
      .select(['state', 'vdotDate', 'version', utc('updatedAt', 'updatedAt')])
      .where('userId', '=', userId)
      .executeTakeFirst(),
    k
      .selectFrom('TimeOff')
      .select(['id', 'fromDate', 'toDate', 'kind', 'note', utc('createdAt', 'createdAt')])
      .where('userId', '=', userId)
      .orderBy('fromDate', 'asc')
      .execute(),
    k
      .selectFrom('HealthRecord')
      .select([
        'id',
        'type',
        'value',
        'unit',
        'maxValue',
        'stage',
        'date',
        utc('startAt', 'startAt'),
        utc<Date | null>('endAt', 'endAt'),
        'source',
        'sourceId',
        'externalId',
        utc('createdAt', 'createdAt'),
        utc('updatedAt', 'updatedAt'),
      ])
      .where('userId', '=', userId)
      .orderBy('startAt', 'asc')
      .orderBy('id', 'asc')
      .execute(),
    // Never the provider tokens (accessToken, refreshToken are not selected).
    k
      .selectFrom('IntegrationConnection')
      .select([
        'integrationId',
        'status',
        'externalAccountId',
        'scopes',
        utc<Date | null>('connectedAt', 'connectedAt'),
        utc<Date | null>('disconnectedAt', 'disconnectedAt'),
        utc<Date | null>('lastSyncAt', 'lastSyncAt'),
        'lastError',
        utc('createdAt', 'createdAt'),
      ])
      .where('userId', '=', userId)
      .orderBy('createdAt', 'asc')
      .execute(),
    k
      .selectFrom('ImportedActivity')
      .select([
        'integrationId',
        'externalId',
        'sportType',
        'name',
        'date',
        utc('startAt', 'startAt'),
        'distanceM',
        'movingTimeS',
        'elapsedTimeS',
        'avgHr',
        'maxHr',
        'workoutId',
        utc('importedAt', 'importedAt'),
      ])
      .where('userId', '=', userId)
      .orderBy('startAt', 'asc')
      .execute(),
  ]);
  return {
    user,
    profile: profile ?? null,
    subscription: subscription ?? null,
    checkouts,
    signIns,
    benchmarks,
    plans,
    workouts,
    events,
    athleteState: athleteState ?? null,
    timeOff,
    healthRecords,
    connections,
    activities,
  };
}

/** The public registration metadata of the agents' clients. */
export async function clientMetadataOf(clientIds: readonly string[]): Promise<{ clientId: string; metadata: unknown }[]> {
  if (clientIds.length === 0) return [];
  return (await reads())
    .selectFrom('OAuthClient')
    .select(['clientId', 'metadata'])
    .where('clientId', 'in', [...clientIds])
    .execute();
}
