// Guessing device user codes, against `next start`: every wrong code counts, entered on /device
// (GET) or posted to /api/auth/device (POST); past the limit (20 per person per 15 minutes) the
// right code shows no Approve and an Approve posted anyway decides nothing.
import { describe, expect, inject, it } from 'vitest';
import {
  createPerson,
  DEVICE_GRANT,
  hiddenField,
  registerDeviceClient,
  simulatedAddress,
  startDeviceAuthorization,
  tokenRequest,
  type FormSession,
} from '../../harness/oauth';

const baseUrl = inject('baseUrl');
const LIMIT = 20;
const THROTTLED = 'Too many codes tried';

/** A code of the right shape that no device asked for (user codes are 8 of BCDFGHJKLMNPQRSTVWXZ). */
function wrongCode(i: number): string {
  const letters = 'BCDFGHJKLMNPQRSTVWXZ';
  let n = i + 7919;
  let out = '';
  for (let k = 0; k < 8; k++) {
    out += letters[n % 20];
    n = Math.floor(n / 20) + k * 3;
  }
  return `${out.slice(0, 4)}-${out.slice(4)}`;
}

async function pendingDevice() {
  const address = { 'x-forwarded-for': simulatedAddress() };
  const clientId = await registerDeviceClient(baseUrl, 'Guessing target', address);
  const device = await startDeviceAuthorization(baseUrl, clientId, ['profile:read'], address);
  const poll = () =>
    tokenRequest(
      baseUrl,
      { grant_type: DEVICE_GRANT, device_code: device.device_code, client_id: clientId, resource: `${baseUrl}/mcp` },
      address,
    );
  return { device, poll };
}

/** The session's CSRF token (session-bound), read from a page that shows a decision form. */
async function csrfOf(session: FormSession, userCode: string): Promise<string> {
  const page = await session.follow(`/device?user_code=${encodeURIComponent(userCode)}`);
  const csrf = hiddenField(page.html, 'csrf');
  if (!csrf) throw new Error('no decision form for a pending code');
  return csrf;
}

type Guess = 'GET' | 'POST';
const plans: { name: string; guesses: Guess[] }[] = [
  { name: 'wrong codes typed on the page (GET)', guesses: Array<Guess>(LIMIT).fill('GET') },
  { name: 'wrong codes posted to the decision endpoint (POST)', guesses: Array<Guess>(LIMIT).fill('POST') },
  { name: 'wrong codes by GET and POST mixed', guesses: Array.from({ length: LIMIT }, (_, i): Guess => (i % 2 ? 'POST' : 'GET')) },
];

describe('device user codes cannot be guessed', () => {
  it.each(plans)(
    '$name: past the limit the right code shows no Approve and cannot be approved',
    async ({ guesses }) => {
      const { device, poll } = await pendingDevice();
      const guesser = await createPerson(baseUrl, 'guesser');
      // The CSRF token is per session; reading it from a pending code's page counts nothing.
      const csrf = await csrfOf(guesser.session, device.user_code);

      for (const [i, how] of guesses.entries()) {
        const code = wrongCode(i + guesses.length * plans.findIndex((p) => p.guesses === guesses) * 3);
        if (how === 'GET') {
          const page = await guesser.session.follow(`/device?user_code=${encodeURIComponent(code)}`);
          expect(page.res.status).toBe(200);
          expect(hiddenField(page.html, 'user_code')).toBeUndefined();
        } else {
          const res = await guesser.session.raw('/api/auth/device', { form: { csrf, user_code: code, decision: 'approve' } });
          expect(res.status).toBe(303);
        }
      }

      // The right code, by GET: the throttle message and no decision form.
      const page = await guesser.session.follow(`/device?user_code=${encodeURIComponent(device.user_code)}`);
      expect(page.html).toContain(THROTTLED);
      expect(hiddenField(page.html, 'user_code')).toBeUndefined();
      expect(page.html).not.toMatch(/value="approve"/);

      // The right code, by POST: nothing decided, the device keeps waiting.
      const posted = await guesser.session.follow('/api/auth/device', { form: { csrf, user_code: device.user_code, decision: 'approve' } });
      expect(posted.html).toContain(THROTTLED);
      const pending = await poll();
      expect(pending.status).toBe(400);
      expect(pending.body.error).toBe('authorization_pending');

      // The limit is the guesser's own: the person the code is for still approves it.
      const owner = await createPerson(baseUrl, 'owner');
      await owner.session.decideDevice(device.user_code, 'approve');
      // Only a pending code is paced (slow_down): once decided, the next poll is answered at once.
      const approved = await poll();
      expect(approved.status).toBe(200);
      expect(typeof approved.body.access_token).toBe('string');
    },
    90_000,
  );

  it('below the limit a wrong code says so and the right code still works', async () => {
    const { device } = await pendingDevice();
    const person = await createPerson(baseUrl, 'typo');
    const typo = await person.session.follow(`/device?user_code=${encodeURIComponent(wrongCode(4242))}`);
    expect(typo.html).toContain('does not match a pending request');
    const page = await person.session.follow(`/device?user_code=${encodeURIComponent(device.user_code)}`);
    expect(hiddenField(page.html, 'user_code')).toBeTruthy();
    expect(page.html).toMatch(/value="approve"/);
  });
});
