// The person's profile and benchmarks (Prisma), in SI units; dates are YYYY-MM-DD in the person's
// timezone. Body weight lives with the health data (lib/health/body-weight.ts).
import { db } from '@/lib/database/client';
import { sql } from 'kysely';
import { reads } from '@/lib/database/kysely';
import type { Profile } from '@/lib/generated/prisma/client';
import { computeOnboarding, type Onboarding } from './onboarding';

export type ProfileUpdate = Partial<{
  displayName: string | null;
  birthYear: number | null;
  sex: 'female' | 'male' | 'unspecified' | null;
  heightCm: number | null;
  experience: 'novice' | 'intermediate' | 'advanced' | null;
  timezone: string;
  weightUnit: 'kg' | 'lb';
  distanceUnit: 'km' | 'mi';
  goal: 'strength' | '5k' | '10k' | 'half' | 'marathon' | 'hybrid' | null;
  goalNotes: string | null;
  raceDate: string | null;
  raceDistanceM: number | null;
  trainingDays: string[];
  equipment: string[];
  restingHr: number | null;
  maxHr: number | null;
  trainingTime: string | null;
}>;

/** What every coaching call reads from the profile first (lib/coaching/shapes.ts). */
export type CoachingFacts = Pick<Profile, 'timezone' | 'weightUnit' | 'distanceUnit' | 'restingHr' | 'maxHr'>;

/** Reads are the common case: only a person's first call writes (the upsert covers a racing twin). */
export async function getOrCreateProfile(userId: string): Promise<Profile> {
  // Every coaching tool starts here: the read goes through the typed query layer (lib/database/kysely.ts).
  const k = await reads();
  const found = await k.selectFrom('Profile').select(profileColumns).where('userId', '=', userId).executeTakeFirst();
  if (found) return found;
  const prisma = await db();
  return prisma.profile.upsert({ where: { userId }, update: {}, create: { userId } });
}

/** Every Profile column, timestamps as UTC instants and lists never null (Prisma reads a NULL list as []). */
const profileColumns = [
  'userId',
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
  sql<string[]>`COALESCE(${sql.ref('trainingDays')}, '{}')`.as('trainingDays'),
  sql<string[]>`COALESCE(${sql.ref('equipment')}, '{}')`.as('equipment'),
  'restingHr',
  'maxHr',
  'trainingTime',
  sql<Date>`${sql.ref('createdAt')} AT TIME ZONE 'UTC'`.as('createdAt'),
  sql<Date>`${sql.ref('updatedAt')} AT TIME ZONE 'UTC'`.as('updatedAt'),
] as const;

export async function updateProfile(userId: string, update: ProfileUpdate): Promise<Profile> {
  const prisma = await db();
  return prisma.profile.upsert({ where: { userId }, update, create: { userId, ...update } });
}

/**
 * Where the person stands in onboarding. The count of connected integrations comes from the caller
 * (lib/integrations sits above the profile service and reads the profile, so it cannot be read here).
 */
export async function onboardingFor(userId: string, profile: Profile, connectedIntegrationCount: number): Promise<Onboarding> {
  const prisma = await db();
  const benchmarkCount = await prisma.benchmark.count({ where: { userId } });
  return computeOnboarding({
    timezone: profile.timezone,
    experience: profile.experience,
    goal: profile.goal,
    trainingDays: profile.trainingDays,
    benchmarkCount,
    planCount: await prisma.trainingPlan.count({ where: { userId } }),
    connectedIntegrationCount,
    weightUnit: profile.weightUnit === 'lb' ? 'lb' : 'kg',
  });
}
