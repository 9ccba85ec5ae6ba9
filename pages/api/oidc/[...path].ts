// Mount of the OAuth authorization server (oidc-provider, a Koa app): Node's req/res go to it as is.
// The contract's root paths (/register, /authorize, /token, ...) are rewritten here by next.config.mjs.
import type { NextApiRequest, NextApiResponse } from 'next';
import { handleOAuthRequest } from '@/lib/oauth/oauth-http';

export const config = { api: { bodyParser: false, externalResolver: true } };

export default function handler(req: NextApiRequest, res: NextApiResponse): Promise<void> {
  return handleOAuthRequest(req, res);
}
