// Health records in the database. A record from a source with an external id (a client record id,
// a provider's id) is written once: the same source and id again updates it (idempotent sync). A
// record without one is written once too: the same type, source, start and value is the same row.
// A batch is one statement (see UPSERT_HEALTH_RECORDS).
import { randomBytes } from 'node:crypto';
import { db } from '@/lib/database/client';
import { CompiledQuery } from 'kysely';
import { reads } from '@/lib/database/kysely';
import type { HealthRecord, Prisma } from '@/lib/generated/prisma/client';
import type { IsoDate } from '@/lib/training/types';
import type { HealthType } from './metrics';
import type { NormalizedRecord } from './normalize';

export type HealthSource = { kind: 'integration' | 'manual' | 'agent'; id: string };

export const MANUAL: HealthSource = { kind: 'manual', id: 'manual' };
export const AGENT: HealthSource = { kind: 'agent', id: 'agent' };
export const integrationSource = (integrationId: string): HealthSource => ({ kind: 'integration', id: integrationId });

export type WriteOutcome = 'created' | 'updated' | 'unchanged';

/** A client record id that already names a record of another type: the caller reused an id. */
export class ExternalIdConflict extends Error {
  constructor(
    readonly index: number,
    readonly externalId: string,
    readonly existingType: string,
  ) {
    super(`id "${externalId}" already belongs to a ${existingType} record`);
  }
}

type Content = Pick<HealthRecord, 'value' | 'unit' | 'maxValue' | 'stage' | 'date' | 'startAt' | 'endAt'>;

function sameContent(row: Content, r: Content): boolean {
  return (
    row.value === r.value &&
    row.unit === r.unit &&
    row.maxValue === r.maxValue &&
    row.stage === r.stage &&
    row.date === r.date &&
    row.startAt.getTime() === r.startAt.getTime() &&
    (row.endAt?.getTime() ?? null) === (r.endAt?.getTime() ?? null)
  );
}

/** Runs one statement and returns its rows: the typed query layer's driver (lib/database/kysely.ts) or a caller's Prisma transaction. */
export type StatementRunner = <T>(sql: string, params: unknown[]) => Promise<T[]>;

const driver: StatementRunner = async <T>(sql: string, params: unknown[]) =>
  (await (await reads()).executeQuery<T>(CompiledQuery.raw(sql, params))).rows;

/** Inside a caller's interactive transaction (an integration's sync writes its ledger in the same one). */
export const inTransaction =
  (tx: Prisma.TransactionClient): StatementRunner =>
  <T>(sql: string, params: unknown[]) =>
    tx.$queryRawUnsafe<T[]>(sql, ...params);

// The whole batch in one statement, so no interactive transaction (and none of its timeouts) is in
// the path and a 100-record batch costs one round trip. Records with an id (the agent's clientRecordId,
// a provider's id, a body-mass day) meet their row through the (userId, sourceId, externalId) key;
// records without one through "HealthRecord_reading_key" (type, start, value, stage: the same reading
// is the same row; migration 20261127034947_health_reading_key). Two identical batches at once are
// settled by those unique indexes, not by a lock.
// - `before`: the rows the batch meets, as of the statement's snapshot ("unchanged" rows and clashes).
// - A client id already naming a record of another type writes nothing (the `clash` guard); one
//   taken by a parallel call after the snapshot sets "type" to NULL, which NOT NULL refuses: the whole
//   statement fails and the caller retries, when `clash` sees it.
// - Unchanged rows are not rewritten (their updatedAt orders a day's readings, lib/health/body-weight.ts).
// Timestamps arrive as UTC ISO strings: a timestamp without zone ignores the "Z" and keeps UTC.
const COLUMNS = (a: string) =>
  `${a}."id", ${a}."userId", ${a}."type", ${a}."value", ${a}."unit", ${a}."maxValue", ${a}."stage", ${a}."date",
  ${a}."startAt" AT TIME ZONE 'UTC' AS "startAt", ${a}."endAt" AT TIME ZONE 'UTC' AS "endAt", ${a}."source", ${a}."sourceId",
  ${a}."externalId", ${a}."createdAt" AT TIME ZONE 'UTC' AS "createdAt", ${a}."updatedAt" AT TIME ZONE 'UTC' AS "updatedAt"`;
const SAME_READING = (h: string, i: string) =>
  `${h}."externalId" IS NULL AND ${i}."externalId" IS NULL AND ${h}."type" = ${i}."type" AND ${h}."startAt" = ${i}."startAt"
  AND ${h}."value" = ${i}."value" AND COALESCE(${h}."stage", '') = COALESCE(${i}."stage", '')`;
const INSERT = `INSERT INTO "HealthRecord" ("id", "userId", "type", "value", "unit", "maxValue", "stage", "date", "startAt", "endAt",
    "source", "sourceId", "externalId", "createdAt", "updatedAt")
  SELECT i."id", $1::text, i."type", i."value", i."unit", i."maxValue", i."stage", i."date", i."startAt", i."endAt",
    $3::text, $2::text, i."externalId", now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC'
  FROM input i`;
export const UPSERT_HEALTH_RECORDS = `WITH input AS (
  SELECT * FROM jsonb_to_recordset($4::jsonb) AS r("i" int, "id" text, "type" text, "value" float8, "unit" text, "maxValue" float8,
    "stage" text, "date" text, "startAt" timestamp(3), "endAt" timestamp(3), "externalId" text)
), before AS (
  SELECT i."i", i."type" AS "wanted", h.* FROM input i
    JOIN "HealthRecord" h ON h."userId" = $1::text AND h."sourceId" = $2::text AND h."externalId" = i."externalId"
  UNION ALL
  SELECT i."i", i."type" AS "wanted", h.* FROM input i
    JOIN "HealthRecord" h ON h."userId" = $1::text AND h."sourceId" = $2::text AND ${SAME_READING('h', 'i')}
), clash AS (
  SELECT 1 FROM before WHERE "type" <> "wanted" LIMIT 1
), keyed AS (
  ${INSERT} WHERE i."externalId" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM clash)
  ON CONFLICT ("userId", "sourceId", "externalId") DO UPDATE SET
    "type" = CASE WHEN "HealthRecord"."type" = EXCLUDED."type" THEN EXCLUDED."type" END,
    "value" = EXCLUDED."value", "unit" = EXCLUDED."unit", "maxValue" = EXCLUDED."maxValue", "stage" = EXCLUDED."stage",
    "date" = EXCLUDED."date", "startAt" = EXCLUDED."startAt", "endAt" = EXCLUDED."endAt", "updatedAt" = EXCLUDED."updatedAt"
  WHERE ("HealthRecord"."type", "HealthRecord"."value", "HealthRecord"."unit", "HealthRecord"."maxValue", "HealthRecord"."stage",
      "HealthRecord"."date", "HealthRecord"."startAt", "HealthRecord"."endAt")
    IS DISTINCT FROM (EXCLUDED."type", EXCLUDED."value", EXCLUDED."unit", EXCLUDED."maxValue", EXCLUDED."stage",
      EXCLUDED."date", EXCLUDED."startAt", EXCLUDED."endAt")
  RETURNING "HealthRecord".*
), plain AS (
  ${INSERT} WHERE i."externalId" IS NULL AND NOT EXISTS (SELECT 1 FROM clash)
  ON CONFLICT ("userId", "sourceId", "type", "startAt", "value", (COALESCE("stage", ''))) WHERE "externalId" IS NULL DO NOTHING
  RETURNING "HealthRecord".*
)
SELECT 'written' AS "kind", i."i", ${COLUMNS('k')} FROM keyed k JOIN input i ON i."externalId" = k."externalId"
UNION ALL
SELECT 'written', i."i", ${COLUMNS('p')} FROM plain p JOIN input i ON ${SAME_READING('p', 'i')}
UNION ALL
SELECT 'before', b."i", ${COLUMNS('b')} FROM before b`;

type Row = Omit<HealthRecord, 'startAt' | 'endAt' | 'createdAt' | 'updatedAt'> & {
  kind: 'written' | 'before';
  i: number;
  startAt: Date | string;
  endAt: Date | string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
};

function toRecord(r: Row): HealthRecord {
  const at = (v: Date | string) => (v instanceof Date ? v : new Date(v));
  return {
    id: r.id,
    userId: r.userId,
    type: r.type,
    value: Number(r.value),
    unit: r.unit,
    maxValue: r.maxValue === null ? null : Number(r.maxValue),
    stage: r.stage,
    date: r.date,
    startAt: at(r.startAt),
    endAt: r.endAt === null ? null : at(r.endAt),
    source: r.source,
    sourceId: r.sourceId,
    externalId: r.externalId,
    createdAt: at(r.createdAt),
    updatedAt: at(r.updatedAt),
  };
}

/** A new row's id (Prisma's own ids are generated by the client, not the database): 25 characters, like a cuid. */
function newRecordId(): string {
  return `c${BigInt(`0x${randomBytes(16).toString('hex')}`)
    .toString(36)
    .padStart(25, '0')
    .slice(-24)}`;
}

/** What a record is the same row as, within one batch. */
const batchKey = (r: NormalizedRecord) =>
  r.externalId !== null ? `id:${r.externalId}` : `reading:${r.type}|${r.startAt.getTime()}|${r.value}|${r.stage ?? ''}`;

class BatchRace extends Error {}

async function writeOnce(
  run: StatementRunner,
  userId: string,
  source: HealthSource,
  records: readonly NormalizedRecord[],
): Promise<{ row: HealthRecord; outcome: WriteOutcome }[]> {
  // Several records for one row in a batch (two body-mass readings of one day, a reading sent twice):
  // the statement writes the last of them (ON CONFLICT may touch a row once per statement) and each
  // gets the outcome it would have had written one after the other.
  const groups = new Map<string, number[]>();
  for (const [index, r] of records.entries()) {
    const key = batchKey(r);
    const group = groups.get(key);
    if (!group) groups.set(key, [index]);
    else {
      const first = records[group[0]!]!;
      if (first.type !== r.type) throw new ExternalIdConflict(index, r.externalId!, first.type);
      group.push(index);
    }
  }
  const sent = [...groups.values()].map((g) => {
    // An id kept by the same row: the last record of the group for an id, the first for a reading.
    const at = records[g[0]!]!.externalId !== null ? g.at(-1)! : g[0]!;
    const r = records[at]!;
    return {
      i: at,
      id: newRecordId(),
      type: r.type,
      value: r.value,
      unit: r.unit,
      maxValue: r.maxValue,
      stage: r.stage,
      date: r.date,
      startAt: r.startAt.toISOString(),
      endAt: r.endAt?.toISOString() ?? null,
      externalId: r.externalId,
    };
  });
  const rows = await run<Row>(UPSERT_HEALTH_RECORDS, [userId, source.id, source.kind, JSON.stringify(sent)]);
  const written = new Map<number, HealthRecord>();
  const before = new Map<number, HealthRecord>();
  for (const r of rows) (r.kind === 'written' ? written : before).set(r.i, toRecord(r));
  for (const b of before.values()) {
    const s = sent.find((x) => x.externalId !== null && x.externalId === b.externalId);
    if (s && s.type !== b.type) throw new ExternalIdConflict(s.i, b.externalId!, b.type);
  }
  const out: { row: HealthRecord; outcome: WriteOutcome }[] = new Array(records.length);
  for (const s of sent) {
    const w = written.get(s.i);
    const b = before.get(s.i);
    // Neither written nor there before: a parallel call wrote that row after this statement began.
    if (!w && !b) throw new BatchRace();
    const stored = w ?? b!;
    const outcome: WriteOutcome = !w ? 'unchanged' : w.id === s.id ? 'created' : 'updated';
    const group = groups.get(batchKey(records[s.i]!))!;
    if (records[s.i]!.externalId === null) {
      // The same reading again in one batch: the first is the statement's, the others found it.
      for (const [n, index] of group.entries()) out[index] = { row: stored, outcome: n === 0 ? outcome : 'unchanged' };
      continue;
    }
    // One record: the statement's outcome. Several: each against the one before it (the first
    // against the row as it was), as if written one after the other.
    let previous: Content | null = b ?? null;
    for (const index of group) {
      const r = records[index]!;
      const own: WriteOutcome = group.length === 1 ? outcome : !previous ? 'created' : sameContent(previous, r) ? 'unchanged' : 'updated';
      out[index] = { row: index === s.i ? stored : { ...stored, ...content(r) }, outcome: own };
      previous = r;
    }
  }
  return out;
}

const content = (r: NormalizedRecord): Content => ({
  value: r.value,
  unit: r.unit,
  maxValue: r.maxValue,
  stage: r.stage,
  date: r.date,
  startAt: r.startAt,
  endAt: r.endAt,
});

/** A statement the database refused because a parallel call took a row first (unique key, or the clash's NOT NULL). */
function isWriteRace(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 4; depth++) {
    const { code, originalCode } = e as { code?: unknown; originalCode?: unknown };
    if (['23502', '23505', 'P2002', 'P2011'].includes(String(code)) || ['23502', '23505'].includes(String(originalCode))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Writes records of one source, all or nothing, in one statement; throws ExternalIdConflict (nothing
 * written) on a client id that already names another type. `run` defaults to the driver; pass
 * `inTransaction(tx)` to write inside a caller's transaction.
 */
export async function upsertHealthRecords(
  userId: string,
  source: HealthSource,
  records: readonly NormalizedRecord[],
  run: StatementRunner = driver,
): Promise<{ row: HealthRecord; outcome: WriteOutcome }[]> {
  if (records.length === 0) return [];
  try {
    return await writeOnce(run, userId, source, records);
  } catch (error) {
    // A parallel call wrote one of these rows after the statement's snapshot: once more, and this
    // time the statement sees it. Inside a caller's transaction the transaction is spoilt: its caller retries.
    if (run !== driver || !(error instanceof BatchRace || isWriteRace(error))) throw error;
    return writeOnce(run, userId, source, records);
  }
}

/** All-or-nothing write of a batch from one source. */
export function recordHealthData(userId: string, source: HealthSource, records: readonly NormalizedRecord[]) {
  return upsertHealthRecords(userId, source, records);
}

export async function listHealthRecords(
  userId: string,
  q: { types: readonly HealthType[]; from: IsoDate; to: IsoDate; limit?: number },
): Promise<HealthRecord[]> {
  const prisma = await db();
  return prisma.healthRecord.findMany({
    where: { userId, type: { in: [...q.types] }, date: { gte: q.from, lte: q.to } },
    orderBy: [{ date: 'asc' }, { startAt: 'asc' }, { id: 'asc' }],
    ...(q.limit ? { take: q.limit } : {}),
  });
}

export async function countHealthRecords(userId: string, q: { types: readonly HealthType[]; from: IsoDate; to: IsoDate }): Promise<number> {
  const prisma = await db();
  return prisma.healthRecord.count({ where: { userId, type: { in: [...q.types] }, date: { gte: q.from, lte: q.to } } });
}
