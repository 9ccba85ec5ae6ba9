// Mount of the Markdown twins `<path>.md` (rewritten here by next.config.mjs): lib/markdown/node-twin.ts.
import type { NextApiRequest, NextApiResponse } from 'next';
import { serveTwinNode } from '@/lib/markdown/node-twin';

export const config = { api: { bodyParser: false, externalResolver: true } };

export default function handler(req: NextApiRequest, res: NextApiResponse): void {
  const segments = req.query.path;
  serveTwinNode(req, res, Array.isArray(segments) ? segments : segments ? [segments] : []);
}
