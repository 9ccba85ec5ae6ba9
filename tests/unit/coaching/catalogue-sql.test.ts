import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exerciseCatalogueSql } from '@/lib/coaching/catalogue-sql';
import { CATALOGUE } from '@/lib/training/catalogue';

const dir = path.join(process.cwd(), 'prisma', 'migrations');

describe('exercise catalogue migration', () => {
  it('the latest catalogue migration is exactly what the catalogue generates (rerun scripts/db-exercise-catalogue.ts after a change)', () => {
    const latest = fs
      .readdirSync(dir)
      .filter((d) => d.endsWith('_exercise_catalogue'))
      .sort()
      .at(-1);
    expect(latest).toBeDefined();
    expect(fs.readFileSync(path.join(dir, latest!, 'migration.sql'), 'utf8')).toBe(exerciseCatalogueSql(CATALOGUE));
  });

  it('comes after the migration that creates the Exercise table', () => {
    const names = fs.readdirSync(dir).sort();
    const creates = names.findIndex(
      (d) =>
        fs.existsSync(path.join(dir, d, 'migration.sql')) &&
        fs.readFileSync(path.join(dir, d, 'migration.sql'), 'utf8').includes('CREATE TABLE "Exercise"'),
    );
    const inserts = names.findIndex((d) => d.endsWith('_exercise_catalogue'));
    expect(creates).toBeGreaterThanOrEqual(0);
    expect(inserts).toBeGreaterThan(creates);
  });

  it('writes one row per exercise with its pattern, load type, equipment and ranges, quoting safely', () => {
    const sql = exerciseCatalogueSql([
      {
        id: 'x',
        name: "Farmer's walk",
        modality: 'strength',
        pattern: 'locomotion',
        loadType: 'dumbbell',
        equipment: ['dumbbells'],
        defaultRepRange: [8, 12],
        substitutes: ["o'brien"],
      },
      { id: 'r', name: 'Run', modality: 'run', pattern: 'locomotion', loadType: 'pace', equipment: ['bodyweight'], runKind: 'easy' },
    ]);
    expect(sql).toContain(
      "('x', 'Farmer''s walk', 'strength', 'locomotion', 'dumbbell', ARRAY['dumbbells']::TEXT[], 8, 12, NULL, ARRAY['o''brien']::TEXT[])",
    );
    expect(sql).toContain("('r', 'Run', 'run', 'locomotion', 'pace', ARRAY['bodyweight']::TEXT[], NULL, NULL, 'easy', ARRAY[]::TEXT[])");
    expect(sql).toMatch(/ON CONFLICT \("id"\) DO UPDATE SET/);
    for (const e of CATALOGUE) expect(exerciseCatalogueSql(CATALOGUE).match(new RegExp(`\\('${e.id}', `, 'g'))).toHaveLength(1);
  });
});
