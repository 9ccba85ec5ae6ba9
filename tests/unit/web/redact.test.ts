// Capability URLs never reach a log line: the feed secret and a signed link's signature are cut out.
import { describe, expect, it } from 'vitest';
import { redactSecrets } from '@/lib/web/redact';

const SECRET = 'Zx8_Qm3-abcdefghijklmnopqrstuvwxyz0123456789';

describe('redactSecrets', () => {
  it.each([
    [`GET /api/calendar/${SECRET}.ics 500`, 'GET /api/calendar/[redacted] 500'],
    [`https://pacewise.example/api/calendar/${SECRET}.ics?x=1`, 'https://pacewise.example/api/calendar/[redacted]?x=1'],
    [`webcal://pacewise.example/api/calendar/${SECRET}.ics`, 'webcal://pacewise.example/api/calendar/[redacted]'],
    [`/api/workouts/fit?w=wk1&e=1800000000&sig=${SECRET}`, '/api/workouts/fit?w=wk1&e=1800000000&sig=[redacted]'],
    [`/api/workouts/fit?sig=${SECRET}&w=wk1`, '/api/workouts/fit?sig=[redacted]&w=wk1'],
    ['nothing secret here /api/public/posts', 'nothing secret here /api/public/posts'],
  ])('%s', (input, expected) => {
    expect(redactSecrets(input)).toBe(expected);
    expect(redactSecrets(input)).not.toContain(SECRET);
  });
});
