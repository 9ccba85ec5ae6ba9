// Who a verified access token speaks for: the MCP guard (lib/mcp/register.ts) asks here, not the database.
import { db } from '@/lib/database/client';

/** The account behind a user id (id and e-mail), or null when it was deleted. */
export async function findPerson(userId: string): Promise<{ id: string; email: string } | null> {
  return (await db()).user.findUnique({ where: { id: userId }, select: { id: true, email: true } });
}
