// The /device page's side of the device flow (RFC 8628): a signed-in person looks up a user_code,
// sees which client asks for which scopes, and approves or declines. Approval creates the grant and
// marks the device code approved, in one conditional update, so a code is decided exactly once.
import { config } from '@/lib/env';
import { clientNames } from './client-names';
import { isMetadataDocumentUrl } from './client-metadata-documents';
import { userCodeKey } from './oidc-adapter';
import { oidcProvider } from './provider';
import { hit, isLimited, RATE_LIMITS } from '@/lib/auth/rate-limit';
import { isScopeName } from './scopes';
import { decideDeviceRecord, recordByUserCode, revokeGrantFamily } from './store';

const USER_CODE_CHARSET = /^[BCDFGHJKLMNPQRSTVWXZ]{8}$/;

/** The form the person typed ("bcdf-ghjk", with spaces...) to the stored form ("BCDFGHJK"). */
export function normalizeUserCode(input: string): string {
  return input.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

export function formatUserCode(normalized: string): string {
  return `${normalized.slice(0, 4)}-${normalized.slice(4)}`;
}

export type DeviceRequest = {
  userCode: string;
  clientId: string;
  clientName: string;
  /** Set when the client_id is a metadata-document URL: the host that published its name. */
  documentHost?: string;
  scopes: string[];
  expiresAt: Date;
};

export type DeviceLookup = { status: 'pending'; request: DeviceRequest } | { status: 'unknown' | 'expired' | 'decided' };

type DevicePayload = { accountId?: unknown; error?: unknown; scope?: unknown; params?: { scope?: unknown } };

export async function lookUpDeviceCode(input: string): Promise<DeviceLookup> {
  const userCode = normalizeUserCode(input);
  if (!USER_CODE_CHARSET.test(userCode)) return { status: 'unknown' };
  const row = await recordByUserCode(userCodeKey(userCode));
  if (!row || row.kind !== 'DeviceCode' || !row.clientId) return { status: 'unknown' };
  const payload = row.payload as DevicePayload;
  if (row.consumedAt || payload.accountId || payload.error) return { status: 'decided' };
  if (!row.expiresAt || row.expiresAt <= new Date()) return { status: 'expired' };
  const names = await clientNames([row.clientId]);
  const requested = typeof payload.params?.scope === 'string' ? payload.params.scope : '';
  return {
    status: 'pending',
    request: {
      userCode,
      clientId: row.clientId,
      clientName: names.get(row.clientId) ?? row.clientId,
      ...(isMetadataDocumentUrl(row.clientId) ? { documentHost: URL.parse(row.clientId)?.host ?? row.clientId } : {}),
      scopes: requested.split(' ').filter(isScopeName),
      expiresAt: row.expiresAt,
    },
  };
}

const DECLINED =
  'The person declined this connection on the device page. Stop polling; start a new device authorization only if the person asks to connect again.';

/** Approves or declines a pending device code; false when it was already decided or has expired. */
export async function decideDeviceCode(input: string, userId: string, approve: boolean): Promise<boolean> {
  const found = await lookUpDeviceCode(input);
  if (found.status !== 'pending') return false;
  const { request } = found;
  const mcpUrl = config().mcpUrl;

  let grantId: string | undefined;
  let patch: Record<string, unknown>;
  if (approve) {
    const grant = new (oidcProvider().Grant)({ accountId: userId, clientId: request.clientId });
    // The scopes are both "OIDC" scopes to the library (listed in its `scopes`) and resource scopes.
    grant.addOIDCScope(request.scopes.join(' '));
    grant.addResourceScope(mcpUrl, request.scopes.join(' '));
    grantId = await grant.save();
    patch = { accountId: userId, grantId, scope: request.scopes.join(' '), resource: mcpUrl, authTime: Math.floor(Date.now() / 1000) };
  } else {
    patch = { error: 'access_denied', errorDescription: DECLINED };
  }

  // Only a code still pending when the statement runs takes the decision (./store.ts).
  const decided = await decideDeviceRecord(userCodeKey(request.userCode), {
    patch,
    accountId: approve ? userId : null,
    grantId: grantId ?? null,
  });
  if (!decided) {
    if (grantId) await revokeGrantFamily(grantId);
    return false;
  }
  return true;
}

/**
 * Guessing user codes: every code that is not pending (unknown, expired, decided), entered on the
 * page or posted to the decision endpoint, counts against the signed-in person. Past the limit no
 * code is looked up at all, the right one included, until the window ends.
 */
export async function deviceEntryThrottled(userId: string): Promise<boolean> {
  return !(await isLimited(RATE_LIMITS.deviceCodeEntry, userId)).allowed;
}

/** Counts one wrong code; true when the person is now past the limit. */
export async function countWrongDeviceCode(userId: string): Promise<boolean> {
  return !(await hit(RATE_LIMITS.deviceCodeEntry, userId)).allowed;
}
