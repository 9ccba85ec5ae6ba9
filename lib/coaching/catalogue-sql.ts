// The SQL that puts lib/training's exercise catalogue into the Exercise table. A migration holds its
// output (scripts/db-exercise-catalogue.ts writes it), so the rows exist in every database without
// any work at start-up; a unit test fails when the catalogue and the latest such migration drift.
import type { Exercise } from '@/lib/training/types';

function literal(value: string | number | undefined | null): string {
  if (value === undefined || value === null) return 'NULL';
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw new RangeError(`expected an integer, got ${value}`);
    return String(value);
  }
  return `'${value.replace(/'/g, "''")}'`;
}

function textArray(values: readonly string[]): string {
  return `ARRAY[${values.map(literal).join(', ')}]::TEXT[]`;
}

/** Upserts every catalogue exercise: re-running it (a later migration after a catalogue change) updates rows in place. */
export function exerciseCatalogueSql(catalogue: readonly Exercise[]): string {
  const rows = catalogue.map((e) =>
    [
      literal(e.id),
      literal(e.name),
      literal(e.modality),
      literal(e.pattern),
      literal(e.loadType),
      textArray(e.equipment),
      literal(e.defaultRepRange?.[0]),
      literal(e.defaultRepRange?.[1]),
      literal(e.runKind),
      textArray(e.substitutes ?? []),
    ].join(', '),
  );
  return [
    '-- Generated from lib/training/catalogue.ts by scripts/db-exercise-catalogue.ts; do not edit by hand.',
    'INSERT INTO "Exercise" ("id", "name", "modality", "pattern", "loadType", "equipment", "repRangeLow", "repRangeHigh", "runKind", "substitutes") VALUES',
    rows.map((r) => `  (${r})`).join(',\n'),
    'ON CONFLICT ("id") DO UPDATE SET',
    '  "name" = EXCLUDED."name", "modality" = EXCLUDED."modality", "pattern" = EXCLUDED."pattern", "loadType" = EXCLUDED."loadType",',
    '  "equipment" = EXCLUDED."equipment", "repRangeLow" = EXCLUDED."repRangeLow", "repRangeHigh" = EXCLUDED."repRangeHigh", "runKind" = EXCLUDED."runKind",',
    '  "substitutes" = EXCLUDED."substitutes";',
    '',
  ].join('\n');
}
