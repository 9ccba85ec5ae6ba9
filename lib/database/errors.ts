// Recognizes "the database cannot be reached" among errors from pg, PGlite and Prisma, so callers
// can answer "try again shortly" instead of a generic failure.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
  'P1001',
  'P1002',
  'P1017',
]);

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 6; depth++) {
    const { code, cause, message } = e as { code?: unknown; cause?: unknown; message?: unknown };
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (typeof message === 'string' && /ECONNREFUSED|Connection terminated|terminating connection|Can't reach database/i.test(message))
      return true;
    e = cause;
  }
  return false;
}
