// A session's FIT workout file behind a short-lived signed link (lib/coaching/fit-links.ts): made by
// get_workout_fit_link and by the account page. The link is the credential; no session needed.
import { openFitLink } from '@/lib/coaching/fit-links';
import { logRedacted } from '@/lib/web/redact';

export const dynamic = 'force-dynamic';

const TEXT = { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' };

export async function GET(request: Request) {
  try {
    const result = await openFitLink(new URL(request.url).searchParams);
    if (result.status !== 200) return new Response(`${result.message}\n`, { status: result.status, headers: TEXT });
    return new Response(result.bytes as Uint8Array<ArrayBuffer>, {
      status: 200,
      headers: {
        'Content-Type': 'application/vnd.ant.fit',
        'Content-Disposition': `attachment; filename="${result.fileName}"`,
        'Cache-Control': 'private, no-store',
        'Referrer-Policy': 'no-referrer',
        'X-Robots-Tag': 'noindex, nofollow',
      },
    });
  } catch (error) {
    logRedacted('fit: download failed', error);
    return new Response('The workout file could not be made just now; try the link again in a minute.\n', {
      status: 503,
      headers: { ...TEXT, 'Retry-After': '60' },
    });
  }
}
