import { database } from './client';
import { migrationStatus } from './migrations';

export type Health =
  | { status: 'ok'; database: { engine: string; migrations: { applied: number; pending: number } } }
  | { status: 'unavailable'; error: string };

/** Database reachable and every migration applied, or why not (without connection details). */
export async function checkHealth(): Promise<Health> {
  try {
    const { raw } = await database();
    await raw.query('SELECT 1');
    const status = await migrationStatus(raw);
    if (status.pending.length > 0) {
      return { status: 'unavailable', error: `Migrations pending: ${status.pending.join(', ')}. Run npm run db:migrate.` };
    }
    return { status: 'ok', database: { engine: raw.engine, migrations: { applied: status.applied.length, pending: 0 } } };
  } catch (error) {
    const code = (error as { code?: string }).code;
    return { status: 'unavailable', error: `Database unreachable${code ? ` (${code})` : ''}; the service retries on the next request.` };
  }
}
