// The format of "Download your data" (the account page): one JSON document holding everything Pacewise
// keeps about a person. This schema is the source of truth: the export is parsed with it before it is
// sent, and docs/data-export.md is generated from it (`npx tsx scripts/data-export-doc.ts`; a unit test
// fails when the document is stale). Secrets are never part of it: no password hash, no session or
// OAuth token, no token hash, no provider token, no client secret; the schemas are strict, so a field
// added to a query without being declared here fails the export instead of leaking.
import { z } from 'zod';

export const EXPORT_FORMAT = 'pacewise-account-export';
export const EXPORT_VERSION = 1;

const instant = z.iso.datetime().describe('RFC 3339 instant in UTC');
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .describe("YYYY-MM-DD in the person's timezone");
const document = z.unknown().describe('JSON document in the shape of lib/training/types.ts (SI units: kg, metres, seconds)');

export const ExportedAccount = z.strictObject({
  id: z.string().describe('The account id (agents see it as the OAuth subject `sub`)'),
  email: z.string().describe('The sign-in e-mail address'),
  createdAt: instant,
  updatedAt: instant,
});

export const ExportedProfile = z.strictObject({
  displayName: z.string().nullable(),
  birthYear: z.number().int().nullable(),
  sex: z.string().nullable(),
  heightCm: z.number().nullable(),
  experience: z.string().nullable().describe('novice | intermediate | advanced'),
  timezone: z.string().nullable().describe('IANA timezone name'),
  weightUnit: z.string().describe('kg | lb: how loads are shown to the person (stored in kg)'),
  distanceUnit: z.string().describe('km | mi: how distances are shown to the person (stored in metres)'),
  goal: z.string().nullable(),
  goalNotes: z.string().nullable(),
  raceDate: day.nullable(),
  raceDistanceM: z.number().nullable().describe('metres'),
  trainingDays: z.array(z.string()).describe('mon..sun'),
  equipment: z.array(z.string()),
  restingHr: z.number().int().nullable().describe('beats per minute'),
  maxHr: z.number().int().nullable().describe('beats per minute'),
  trainingTime: z.string().nullable().describe('HH:MM in the profile timezone: when calendar events start (null: all day)'),
  createdAt: instant,
  updatedAt: instant,
});

export const ExportedSubscription = z.strictObject({
  status: z.string(),
  provider: z.string().describe('stripe | local (the test-mode checkout)'),
  currentPeriodEnd: instant.nullable(),
  providerCustomerId: z.string().nullable().describe("The payment provider's customer id (an identifier, not a credential)"),
  providerSubscriptionId: z.string().nullable(),
  createdAt: instant,
  updatedAt: instant,
});

export const ExportedCheckout = z.strictObject({
  id: z.string(),
  provider: z.string(),
  status: z.string().describe('open | completed | expired'),
  expiresAt: instant,
  completedAt: instant.nullable(),
  createdAt: instant,
});

export const ExportedSignIn = z.strictObject({
  createdAt: instant,
  lastSeenAt: instant.describe('Updated at most once an hour'),
  expiresAt: instant,
});

export const ExportedBenchmark = z.strictObject({
  id: z.string(),
  kind: z.string().describe('lift | race'),
  exercise: z.string().nullable().describe('Exercise id (lifts)'),
  reps: z.number().int().nullable(),
  loadKg: z.number().nullable(),
  distanceM: z.number().nullable(),
  timeS: z.number().nullable(),
  date: day,
  notes: z.string().nullable(),
  createdAt: instant,
});

export const ExportedPlan = z.strictObject({
  id: z.string(),
  name: z.string(),
  goal: z.string(),
  startDate: day,
  weeks: z.number().int(),
  daysPerWeek: z.number().int(),
  trainingDays: z.array(z.string()),
  equipment: z.array(z.string()),
  raceDate: day.nullable(),
  raceDistanceM: z.number().nullable(),
  mainLiftProgression: z.string(),
  notes: z.string().nullable(),
  basis: z.unknown().describe('What the sessions were generated from: e1RM per lift, VDOT, and where each came from'),
  revision: z.number().int().describe('Bumped each time the remaining sessions were regenerated'),
  createdAt: instant,
  updatedAt: instant,
});

export const ExportedSession = z.strictObject({
  id: z.string(),
  planId: z.string().nullable(),
  date: day,
  status: z.string().describe('planned | completed | skipped | ...'),
  kind: z.string().describe('strength | run | mixed'),
  title: z.string(),
  week: z.number().int().nullable(),
  phase: z.string().nullable(),
  prescription: z.strictObject({ strength: document, run: document }).describe('What was prescribed: strength blocks and run segments'),
  actual: document.nullable().describe('What was done, as logged (null until completed)'),
  notes: z.string().nullable(),
  completedAt: instant.nullable(),
  skippedAt: instant.nullable(),
  createdAt: instant,
  updatedAt: instant,
});

export const ExportedChange = z.strictObject({
  workoutId: z.string(),
  date: day,
  path: z.string().describe('The field of the session that changed'),
  before: z.number().nullable().describe('SI units'),
  after: z.number().nullable().describe('SI units'),
  reason: z.string(),
});

export const ExportedAdaptation = z.strictObject({
  id: z.string(),
  trigger: z.string().describe('completed | skipped | benchmark | plan_updated | workout_created | ...'),
  workoutId: z.string().nullable(),
  benchmarkId: z.string().nullable(),
  notes: z.array(z.string()).describe("The coach's reasons, in words"),
  stateBefore: z.unknown().nullable().describe('The athlete state just before (the history of athleteState)'),
  stateAfter: z.unknown().nullable().describe('The athlete state just after'),
  createdAt: instant,
  changes: z.array(ExportedChange).describe('Each field of a future session this event changed, in order'),
});

export const ExportedAthleteState = z.strictObject({
  state: z.unknown().describe('e1RM and working load per lift, failure streaks, VDOT'),
  vdotDate: day.nullable(),
  version: z.number().int(),
  updatedAt: instant,
});

export const ExportedTimeOff = z.strictObject({
  id: z.string(),
  fromDate: day,
  toDate: day,
  kind: z.string().describe('illness | injury | other'),
  note: z.string().nullable(),
  createdAt: instant,
});

export const ExportedHealthRecord = z.strictObject({
  id: z.string(),
  type: z.string(),
  value: z.number(),
  unit: z.string().describe('The canonical unit of the type (lib/health/metrics.ts)'),
  maxValue: z.number().nullable(),
  stage: z.string().nullable().describe('sleep stage'),
  date: day,
  startAt: instant,
  endAt: instant.nullable(),
  source: z.string().describe('integration | manual | agent'),
  sourceId: z.string(),
  externalId: z.string().nullable(),
  createdAt: instant,
  updatedAt: instant,
});

export const ExportedAgent = z.strictObject({
  grantId: z.string().describe('Identifies the connection (not a credential)'),
  clientId: z.string(),
  clientName: z.string(),
  scopes: z.array(z.string()),
  firstUsedAt: instant.nullable(),
  lastUsedAt: instant.nullable(),
  client: z
    .strictObject({
      redirectUris: z.array(z.string()),
      grantTypes: z.array(z.string()),
      clientUri: z.string().nullable(),
    })
    .nullable()
    .describe('What the agent registered (public metadata; public clients hold no secret)'),
});

export const ExportedIntegration = z.strictObject({
  integrationId: z.string(),
  status: z.string().describe('connected | error | disconnected'),
  externalAccountId: z.string().nullable().describe('Your account id at the provider'),
  scopes: z.string().nullable(),
  connectedAt: instant.nullable(),
  disconnectedAt: instant.nullable(),
  lastSyncAt: instant.nullable(),
  lastError: z.string().nullable(),
  createdAt: instant,
});

export const ExportedActivity = z.strictObject({
  integrationId: z.string(),
  externalId: z.string(),
  sportType: z.string(),
  name: z.string(),
  date: day,
  startAt: instant,
  distanceM: z.number(),
  movingTimeS: z.number().int(),
  elapsedTimeS: z.number().int(),
  avgHr: z.number().nullable(),
  maxHr: z.number().nullable(),
  workoutId: z.string().nullable().describe('The completed session it became, if any'),
  importedAt: instant,
});

export const AccountExport = z.strictObject({
  format: z.literal(EXPORT_FORMAT).describe('Always "pacewise-account-export"'),
  version: z.literal(EXPORT_VERSION).describe('Raised when a field changes meaning or is removed'),
  exportedAt: instant,
  account: ExportedAccount.describe('Who you are to Pacewise'),
  profile: ExportedProfile.nullable().describe('What you told the coach about yourself (null until first set)'),
  subscription: ExportedSubscription.nullable().describe('Your subscription record (null if you never subscribed)'),
  checkouts: z.array(ExportedCheckout).describe('Checkouts you started (their payment links are left out)'),
  signIns: z.array(ExportedSignIn).describe('Browser sessions open now (the session secrets are never exported)'),
  benchmarks: z.array(ExportedBenchmark).describe('Lifts and race results your plans are built from'),
  plans: z.array(ExportedPlan).describe('Your training plans and what each was generated from'),
  sessions: z.array(ExportedSession).describe('Every training session, oldest first, with its prescription and what was done'),
  adaptationHistory: z.array(ExportedAdaptation).describe('Why the future changed, oldest first'),
  athleteState: ExportedAthleteState.nullable().describe("The coach's current picture of you"),
  timeOff: z.array(ExportedTimeOff).describe('Days you could not train'),
  healthRecords: z.array(ExportedHealthRecord).describe('Every health measurement, from integrations, you or your agent'),
  connectedAgents: z.array(ExportedAgent).describe('OAuth grants to AI agents (never their tokens)'),
  integrations: z.array(ExportedIntegration).describe('Fitness services linked to the account (never their tokens)'),
  importedActivities: z.array(ExportedActivity).describe('Every activity an integration import has seen, and what it became'),
});
export type AccountExport = z.infer<typeof AccountExport>;
