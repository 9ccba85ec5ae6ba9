import type { ProfileFacts } from './athlete-store';

/** Who is acting and when: `today` is the person's calendar date in their own timezone (YYYY-MM-DD). */
export type CoachingContext = { userId: string; profile: ProfileFacts; today: string };
