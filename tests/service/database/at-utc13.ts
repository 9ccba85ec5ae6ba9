// Imported first by the files that run at UTC+13: this process's zone, and every PostgreSQL connection's
// (node-postgres passes `options` to the server; PGlite's one session is set by the file itself). A side
// effect of import, so it runs before any module of the app reads its configuration.
process.env.TZ = 'Pacific/Auckland';
if (process.env.DATABASE_URL) {
  const url = new URL(process.env.DATABASE_URL);
  url.searchParams.set('options', '-c TimeZone=Pacific/Auckland');
  process.env.DATABASE_URL = url.toString();
}
export const ZONE = 'Pacific/Auckland';
