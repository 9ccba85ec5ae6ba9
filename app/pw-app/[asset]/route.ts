// The app's script and stylesheet, and the account page's stylesheet (built by scripts/build-views.mjs into lib/generated/app-assets.ts).
// Not under /_next: their names do not change between builds, so they are revalidated by ETag.
import crypto from 'node:crypto';
import { ACCOUNT_CSS, APP_CSS, APP_SCRIPT } from '@/lib/generated/app-assets';

const ASSETS: Record<string, { body: string; type: string }> = {
  'app.js': { body: APP_SCRIPT, type: 'text/javascript; charset=utf-8' },
  'app.css': { body: APP_CSS, type: 'text/css; charset=utf-8' },
  'account.css': { body: ACCOUNT_CSS, type: 'text/css; charset=utf-8' },
};
const etags = new Map(
  Object.entries(ASSETS).map(([name, a]) => [name, `"${crypto.createHash('sha256').update(a.body).digest('base64url').slice(0, 22)}"`]),
);

export const dynamic = 'force-static';

export function generateStaticParams() {
  return Object.keys(ASSETS).map((asset) => ({ asset }));
}
export const dynamicParams = false;

export async function GET(_request: Request, { params }: { params: Promise<{ asset: string }> }) {
  const { asset } = await params;
  const found = ASSETS[asset];
  if (!found) return new Response('Not found\n', { status: 404 });
  return new Response(found.body, {
    headers: { 'Content-Type': found.type, 'Cache-Control': 'public, max-age=0, must-revalidate', ETag: etags.get(asset)! },
  });
}
