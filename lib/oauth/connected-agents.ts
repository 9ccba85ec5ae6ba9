// The account page's "connected agents": every client holding a grant for this person, with the
// scopes granted and when its tokens were first and last used; and revoking one grant entirely.
import { config } from '@/lib/env';
import { clientNames } from './client-names';
import { isGrantOf, liveGrantsOf, revokeGrantFamily } from './store';

export type ConnectedAgent = {
  grantId: string;
  clientId: string;
  clientName: string;
  scopes: string[];
  firstUsedAt: Date | null;
  lastUsedAt: Date | null;
};

export async function listConnectedAgents(userId: string): Promise<ConnectedAgent[]> {
  // Each live grant with its use, in one statement (./store.ts).
  const grants = await liveGrantsOf(userId);
  const names = await clientNames([...new Set(grants.map((g) => g.clientId).filter((id): id is string => Boolean(id)))]);
  const mcpUrl = config().mcpUrl;
  return grants.flatMap((g) => {
    if (!g.grantId || !g.clientId) return [];
    const resources = ((g.payload as { resources?: Record<string, unknown> }).resources ?? {}) as Record<string, unknown>;
    const scope = resources[mcpUrl];
    return [
      {
        grantId: g.grantId,
        clientId: g.clientId,
        clientName: names.get(g.clientId) ?? g.clientId,
        scopes: typeof scope === 'string' ? scope.split(' ').filter(Boolean) : [],
        firstUsedAt: g.firstUsedAt,
        lastUsedAt: g.lastUsedAt,
      },
    ];
  });
}

/** Revokes every token of one of this person's grants; false when the grant is not theirs (or gone). */
export async function revokeConnectedAgent(userId: string, grantId: string): Promise<boolean> {
  if (!(await isGrantOf(userId, grantId))) return false;
  await revokeGrantFamily(grantId);
  return true;
}
