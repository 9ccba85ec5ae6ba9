// The private calendar feed: GET /api/calendar/<secret>.ics (webcal:// is the same URL). The path
// is the credential; a rotated, revoked, wrong or unknown secret gets the one 404 below.
import { feedCalendar, resolveFeedSecret, secretFromSegment } from '@/lib/coaching/calendar-feed';
import { logRedacted } from '@/lib/web/redact';
import { parseTestNow, TEST_NOW_HEADER, withClock } from '@/lib/clock';
import { config } from '@/lib/env';

export const dynamic = 'force-dynamic';

const NOT_FOUND =
  'No calendar feed has this address. It was rotated or revoked, or it was copied incompletely: ' +
  'get the current address on your account page (Calendar and watch) or ask your agent to create one (calendar_feed).\n';

/** Private: the feed is one person's; short: clients poll, and a rotated URL must stop soon. */
const HEADERS = {
  'Cache-Control': 'private, max-age=300',
  'Referrer-Policy': 'no-referrer',
  'X-Robots-Tag': 'noindex, nofollow',
} as const;

function notFound(): Response {
  return new Response(NOT_FOUND, {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' },
  });
}

export async function GET(request: Request, { params }: { params: Promise<{ file: string }> }) {
  // Simulated weeks move the coaching clock (which days are missed) as /mcp does, only where allowed (lib/clock.ts).
  const testNow = config().testClock ? parseTestNow(request.headers.get(TEST_NOW_HEADER) ?? '') : undefined;
  return testNow ? withClock(testNow, () => feed(params)) : feed(params);
}

async function feed(params: Promise<{ file: string }>): Promise<Response> {
  try {
    const userId = await resolveFeedSecret(secretFromSegment((await params).file));
    if (!userId) return notFound();
    const body = await feedCalendar(userId);
    return new Response(body, {
      status: 200,
      headers: {
        ...HEADERS,
        'Content-Type': 'text/calendar; charset=utf-8',
        'Content-Disposition': 'inline; filename="pacewise-training.ics"',
      },
    });
  } catch (error) {
    logRedacted('calendar: feed failed', error);
    return new Response('The calendar could not be made just now; your calendar app will try again.\n', {
      status: 503,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'Retry-After': '300' },
    });
  }
}
