// The account page's "connected agents": every client holding a grant for this person, with the
// scopes granted and when its tokens were first and last used; and revoking one grant entirely.
import { db } from '@/lib/database/client';
import { config } from '@/lib/env';
import { clientNames } from './client-names';
import { revokeGrantFamily } from './oidc-adapter';

export type ConnectedAgent = {
  grantId: string;
  clientId: string;
  clientName: string;
  scopes: string[];
  firstUsedAt: Date | null;
  lastUsedAt: Date | null;
};

export async function listConnectedAgents(userId: string): Promise<ConnectedAgent[]> {
  const prisma = await db();
  const now = new Date();
  const grants = await prisma.oAuthRecord.findMany({
    where: { kind: 'Grant', accountId: userId, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
    orderBy: { createdAt: 'desc' },
  });
  const grantIds = grants.map((g) => g.grantId).filter((id): id is string => Boolean(id));
  const clientIds = [...new Set(grants.map((g) => g.clientId).filter((id): id is string => Boolean(id)))];
  const [activity, names] = await Promise.all([
    prisma.oAuthGrantActivity.findMany({ where: { grantId: { in: grantIds } } }),
    clientNames(clientIds),
  ]);
  const mcpUrl = config().mcpUrl;
  return grants.flatMap((g) => {
    if (!g.grantId || !g.clientId) return [];
    const use = activity.find((a) => a.grantId === g.grantId);
    const resources = ((g.payload as { resources?: Record<string, unknown> }).resources ?? {}) as Record<string, unknown>;
    const scope = resources[mcpUrl];
    return [
      {
        grantId: g.grantId,
        clientId: g.clientId,
        clientName: names.get(g.clientId) ?? g.clientId,
        scopes: typeof scope === 'string' ? scope.split(' ').filter(Boolean) : [],
        firstUsedAt: use?.firstUsedAt ?? null,
        lastUsedAt: use?.lastUsedAt ?? null,
      },
    ];
  });
}

/** Revokes every token of one of this person's grants; false when the grant is not theirs (or gone). */
export async function revokeConnectedAgent(userId: string, grantId: string): Promise<boolean> {
  const prisma = await db();
  const grant = await prisma.oAuthRecord.findFirst({ where: { kind: 'Grant', grantId, accountId: userId }, select: { id: true } });
  if (!grant) return false;
  await revokeGrantFamily(grantId);
  return true;
}
