// The "known device" cookie (OWASP's device cookies against online guessing): after a successful
// sign-in the browser gets a signed cookie naming the account and a random device id. With it the
// owner passes the per-address and the account-wide sign-in limits, so an attacker who exhausts
// them from a shared address, or guesses at the account from everywhere, never locks the owner out.
// The cookie is only worth something for its own account and only until the password changes (the
// MAC covers passwordChangedAt: a reset makes every earlier cookie worthless), and a cookie that
// fails too often loses its pass (RATE_LIMITS.knownDeviceFailures), so a stolen one is no free pass
// for guessing either. Stateless: nothing is stored per device.
import crypto from 'node:crypto';
import { cookies } from 'next/headers';
import { secrets } from '@/lib/database/secrets';
import { randomSecret, safeEqual } from './secret-hash';
import { sessionCookieOptions } from './sessions';

export const KNOWN_DEVICE_COOKIE = 'pacewise_device';
const LIFETIME_SECONDS = 365 * 24 * 60 * 60;

export type Account = { id: string; passwordChangedAt: Date };

function mac(account: Account, deviceId: string): string {
  return crypto
    .createHmac('sha256', secrets().sessionSecret)
    .update(`known-device:${account.id}:${deviceId}:${account.passwordChangedAt.getTime()}`)
    .digest('base64url');
}

/** The device id when this request carries a valid known-device cookie for `account`, else null. */
export async function knownDeviceOf(account: Account | null): Promise<string | null> {
  const value = (await cookies()).get(KNOWN_DEVICE_COOKIE)?.value;
  if (!account || !value || value.length > 200) return null;
  const [deviceId = '', signature = ''] = value.split('.');
  return deviceId && signature && safeEqual(signature, mac(account, deviceId)) ? deviceId : null;
}

/** Marks this browser as a known device of `account` (route handlers only). */
export async function rememberDevice(account: Account, deviceId = randomSecret().slice(0, 22)): Promise<void> {
  (await cookies()).set(KNOWN_DEVICE_COOKIE, `${deviceId}.${mac(account, deviceId)}`, sessionCookieOptions(LIFETIME_SECONDS));
}
