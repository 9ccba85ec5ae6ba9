import type { Experience } from '@/lib/training/types';
import type { ProfileFacts } from './athlete-store';

/**
 * Who is acting and when: `today` is the person's calendar date in their own timezone (YYYY-MM-DD);
 * `experience` (from the profile) decides the strength rules of generated plans; `birthYear` (from the
 * profile) makes a masters plan at 50 and older.
 */
export type CoachingContext = {
  userId: string;
  profile: ProfileFacts;
  today: string;
  experience?: Experience | null;
  birthYear?: number | null;
};
