// @module-tag engine-parity
// The one-body-weight-store migration against the real engine of this run: rows of the old
// BodyWeightEntry table become manual body_mass health records (one per day), and a manual reading
// already stored for a day is kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RawDatabase } from '@/lib/database/engine';
import { migrate, readMigrations } from '@/lib/database/migrations';
import { freshRawDatabase } from '../../../harness/server';

let raw: RawDatabase;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ raw, close } = await freshRawDatabase());
});
afterAll(async () => {
  await close();
});

describe('one body-weight store (migration)', () => {
  it('moves every logged weight into the health records, keeping an existing manual reading of the same day', async () => {
    const files = readMigrations();
    const index = files.findIndex((f) => f.name.endsWith('_one_body_weight_store'));
    expect(index).toBeGreaterThan(0);
    await migrate(raw, files.slice(0, index));

    await raw.query(
      `INSERT INTO "User" ("id", "email", "passwordHash", "createdAt", "updatedAt") VALUES ('u1', 'bw@example.com', 'x', now(), now())`,
    );
    for (const [date, kg] of [
      ['2026-11-01', 80.2],
      ['2026-11-08', 79.6],
      ['2026-11-15', 79.1],
    ] as const) {
      await raw.query(
        `INSERT INTO "BodyWeightEntry" ("id", "userId", "date", "kg", "createdAt", "updatedAt") VALUES ('bw-${date}', 'u1', '${date}', ${kg}, now(), now())`,
      );
    }
    // Recorded through record_health_data (manual) before the move: that day's reading stays.
    await raw.query(
      `INSERT INTO "HealthRecord" ("id", "userId", "type", "value", "unit", "date", "startAt", "source", "sourceId", "externalId", "createdAt", "updatedAt")
       VALUES ('hr1', 'u1', 'body_mass', 79.0, 'kg', '2026-11-15', '2026-11-15T07:00:00', 'manual', 'manual', 'body_mass:2026-11-15', now(), now())`,
    );

    await migrate(raw, files);
    const rows = await raw.query<{ date: string; value: number; source: string; sourceId: string; externalId: string }>(
      `SELECT "date", "value", "source", "sourceId", "externalId" FROM "HealthRecord" WHERE "userId" = 'u1' AND "type" = 'body_mass' ORDER BY "date"`,
    );
    expect(rows).toEqual([
      { date: '2026-11-01', value: 80.2, source: 'manual', sourceId: 'manual', externalId: 'body_mass:2026-11-01' },
      { date: '2026-11-08', value: 79.6, source: 'manual', sourceId: 'manual', externalId: 'body_mass:2026-11-08' },
      { date: '2026-11-15', value: 79.0, source: 'manual', sourceId: 'manual', externalId: 'body_mass:2026-11-15' },
    ]);
    const table = await raw.query<{ t: string | null }>(`SELECT to_regclass('"BodyWeightEntry"')::text AS t`);
    expect(table[0]?.t).toBeNull();
  });
});
