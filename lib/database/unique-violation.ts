// A unique-constraint violation, as Prisma reports it on either engine: P2002 through adapter-pg,
// a DriverAdapterError carrying PostgreSQL's 23505 through the PGlite adapter.
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; cause?: { code?: unknown; originalCode?: unknown } } | null;
  return e?.code === 'P2002' || e?.cause?.code === '23505' || e?.cause?.originalCode === '23505';
}
