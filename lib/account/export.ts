// Gathers everything Pacewise holds about one person into the documented export (export-format.ts).
// Every query (./store.ts) names its columns (`select`), so a column added later (a secret, say) is not
// exported until it is declared in the format; connected agents and integrations come from their own services.
import { listConnectedAgents } from '@/lib/oauth/connected-agents';
import { AccountExport, EXPORT_FORMAT, EXPORT_VERSION } from './export-format';
import { clientMetadataOf, exportRows } from './store';

type Row = Record<string, unknown>;

/** Dates as RFC 3339 strings, everything else as it is (one level: the row's own columns). */
function plain<T extends Row>(row: T): Row {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]));
}

const stringList = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

export async function exportAccount(userId: string, now = new Date()): Promise<AccountExport | null> {
  const [rows, agents] = await Promise.all([exportRows(userId, now), listConnectedAgents(userId)]);
  if (!rows) return null;
  const { user, profile, subscription, checkouts, signIns, benchmarks, plans, workouts, events } = rows;
  const { athleteState, timeOff, healthRecords, connections, activities } = rows;
  const clients = await clientMetadataOf([...new Set(agents.map((a) => a.clientId))]);
  const clientOf = (clientId: string) => {
    const meta = clients.find((c) => c.clientId === clientId)?.metadata as Row | undefined;
    if (!meta) return null;
    // Only public registration metadata, picked field by field (a secret could never slip through).
    return {
      redirectUris: stringList(meta.redirect_uris),
      grantTypes: stringList(meta.grant_types),
      clientUri: typeof meta.client_uri === 'string' ? meta.client_uri : null,
    };
  };

  return AccountExport.parse({
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: now.toISOString(),
    account: plain(user),
    profile: profile ? plain(profile) : null,
    subscription: subscription ? plain(subscription) : null,
    checkouts: checkouts.map(plain),
    signIns: signIns.map(plain),
    benchmarks: benchmarks.map(plain),
    plans: plans.map(plain),
    sessions: workouts.map(({ strength, run, ...w }) => ({ ...plain(w), prescription: { strength, run } })),
    adaptationHistory: events.map(({ changes, ...e }) => ({ ...plain(e), changes })),
    athleteState: athleteState ? plain(athleteState) : null,
    timeOff: timeOff.map(plain),
    healthRecords: healthRecords.map(plain),
    connectedAgents: agents.map((a) => ({
      grantId: a.grantId,
      clientId: a.clientId,
      clientName: a.clientName,
      scopes: a.scopes,
      firstUsedAt: a.firstUsedAt?.toISOString() ?? null,
      lastUsedAt: a.lastUsedAt?.toISOString() ?? null,
      client: clientOf(a.clientId),
    })),
    integrations: connections.map(plain),
    importedActivities: activities.map(plain),
  });
}

/** The download's file name: `pacewise-export-YYYY-MM-DD.json` (UTC day of the export). */
export function exportFileName(now = new Date()): string {
  return `pacewise-export-${now.toISOString().slice(0, 10)}.json`;
}
