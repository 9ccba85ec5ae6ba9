// RFC 8628 polling pace, which oidc-provider does not enforce: a pending device code polled sooner
// than its interval answers slow_down and its interval grows by 5 seconds, stored in the database so
// every instance sees the same pace.
import { devicePollInterval, recordKey } from './oidc-adapter';
import { notePoll, pollingRecord, raisePollInterval } from './store';

/** Network jitter allowance: a client waiting exactly `interval` must never be told to slow down. */
const TOLERANCE_MS = 500;
const SLOW_DOWN_STEP = 5;

export type PollPace = { slowDown: false } | { slowDown: true; interval: number };

export async function checkPollPace(deviceCode: string, clientId: string | undefined): Promise<PollPace> {
  const id = recordKey('DeviceCode', deviceCode);
  const row = await pollingRecord(id);
  const now = new Date();
  // Only a pending code is paced; everything else is answered by the provider (unknown, expired, decided).
  if (!row || row.kind !== 'DeviceCode' || row.consumedAt || row.clientId !== clientId) return { slowDown: false };
  if (!row.expiresAt || row.expiresAt <= now) return { slowDown: false };
  const payload = row.payload as { accountId?: unknown; error?: unknown };
  if (payload.accountId || payload.error) return { slowDown: false };

  const interval = row.pollInterval ?? devicePollInterval();
  const tooFast = row.lastPolledAt !== null && now.getTime() - row.lastPolledAt.getTime() < interval * 1000 - TOLERANCE_MS;
  const next = tooFast ? interval + SLOW_DOWN_STEP : interval;
  if (!(await notePoll(id, row.lastPolledAt, now, next))) {
    // Another poll of the same code landed at the same moment: that is polling too fast.
    const raised = await raisePollInterval(id, now, SLOW_DOWN_STEP);
    return { slowDown: true, interval: raised ?? next };
  }
  return tooFast ? { slowDown: true, interval: next } : { slowDown: false };
}
