// The tables as Kysely sees them (./kysely.ts): Prisma's generated model types, so a row's shape is
// declared once, in prisma/schema.prisma. A column added there is known here at the next
// `prisma generate`. (Reads only: the columns' defaults, which Kysely's inserts would need, stay Prisma's.)
import type * as Model from '@/lib/generated/prisma/client';

export interface Tables {
  User: Model.User;
  Session: Model.Session;
  EmailToken: Model.EmailToken;
  Profile: Model.Profile;
  Benchmark: Model.Benchmark;
  Subscription: Model.Subscription;
  CheckoutSession: Model.CheckoutSession;
  BillingEvent: Model.BillingEvent;
  OAuthRecord: Model.OAuthRecord;
  OAuthClient: Model.OAuthClient;
  ClientMetadataDocument: Model.ClientMetadataDocument;
  OAuthGrantActivity: Model.OAuthGrantActivity;
  RateLimit: Model.RateLimit;
  Exercise: Model.Exercise;
  TrainingPlan: Model.TrainingPlan;
  Workout: Model.Workout;
  AthleteState: Model.AthleteState;
  AdaptationEvent: Model.AdaptationEvent;
  AdaptationTotals: Model.AdaptationTotals;
  TimeOff: Model.TimeOff;
  WorkoutChange: Model.WorkoutChange;
  HealthRecord: Model.HealthRecord;
  HealthWeek: Model.HealthWeek;
  TrainingWeek: Model.TrainingWeek;
  IntegrationConnection: Model.IntegrationConnection;
  IntegrationAuthState: Model.IntegrationAuthState;
  ImportedActivity: Model.ImportedActivity;
  CalendarFeed: Model.CalendarFeed;
}
