// The exercise catalogue as stored (the Exercise table, filled by a migration from lib/training's
// catalogue): list_exercises reads it here, so the tool layer never queries the database itself.
import { db } from '@/lib/database/client';
import type { Exercise } from '@/lib/training/types';
import { exerciseFromRow } from './prescriptions';

/** Every stored exercise, or those of one modality: run types first, then strength, each by id. */
export async function listExercises(modality?: 'strength' | 'run'): Promise<Exercise[]> {
  const rows = await (
    await db()
  ).exercise.findMany({
    where: modality ? { modality } : {},
    orderBy: [{ modality: 'desc' }, { id: 'asc' }],
  });
  return rows.map(exerciseFromRow);
}
