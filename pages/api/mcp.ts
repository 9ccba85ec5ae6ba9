// The MCP endpoint (/mcp, rewritten here by next.config.mjs) on Node's req/res: lib/mcp/node-http.ts.
import type { NextApiRequest, NextApiResponse } from 'next';
import { serveMcpNode } from '@/lib/mcp/node-http';

export const config = { api: { bodyParser: false, externalResolver: true, responseLimit: false } };

export default function handler(req: NextApiRequest, res: NextApiResponse): Promise<void> {
  return serveMcpNode(req, res);
}
