// The one outgoing request of the authorization server: GET of a Client ID Metadata Document.
// node:https with a DNS lookup that refuses special-use addresses BEFORE any socket is opened (the
// connection goes to exactly the address that was checked), and every failure to get an answer
// (refused, filtered, TLS, special-use, timeout) reported as one error after one fixed delay: an
// attacker cannot map which ports or hosts exist behind this server from /authorize's answers.
import dns from 'node:dns';
import https from 'node:https';
import net from 'node:net';

/** The IANA special-purpose ranges (RFC 6890 and successors) and other never-public space. */
const SPECIAL_USE = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.31.196.0', 24],
  ['192.52.193.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['192.175.48.0', 24],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  SPECIAL_USE.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['2620:4f:8000::', 48],
  ['3fff::', 20],
  ['5f00::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  SPECIAL_USE.addSubnet(address, prefix, 'ipv6');

export function isSpecialUseAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return SPECIAL_USE.check(address, 'ipv4');
  if (family !== 6) return true; // not an address at all: never connect
  // IPv4-mapped (::ffff:a.b.c.d or ::ffff:hhhh:hhhh) is judged as the IPv4 address it carries.
  // (An IPv6 rule for ::ffff:0:0/96 would also match every plain IPv4 address in a BlockList.)
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (dotted) return SPECIAL_USE.check(dotted[1]!, 'ipv4');
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (hex) {
    const [hi, lo] = [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16)];
    return SPECIAL_USE.check(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`, 'ipv4');
  }
  return SPECIAL_USE.check(address, 'ipv6');
}

/** Every connection failure, as one error (its message never says which kind). */
export class DocumentUnreachableError extends Error {
  constructor() {
    super('document unreachable');
    this.name = 'DocumentUnreachableError';
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/** dns.lookup that fails when any address of the host is special-use (so no socket ever opens to one). */
function publicOnlyLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const list = addresses as dns.LookupAddress[];
    if (list.length === 0 || list.some((a) => isSpecialUseAddress(a.address))) {
      return callback(Object.assign(new Error('special-use address'), { code: 'ESPECIALUSE' }), []);
    }
    if (options.all) return callback(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
}

export type DocumentAnswer = { status: number; headers: Headers; body: AsyncIterable<Uint8Array>; cancel: () => void };

/**
 * GETs `url` (https only). `allowLoopback` lets the literal loopback hosts through (CIMD_ALLOW_LOOPBACK,
 * local runs). Rejects with DocumentUnreachableError, no earlier than `timeoutMs` after the call,
 * when no HTTP answer arrives.
 */
export async function getDocument(
  url: URL,
  options: { timeoutMs: number; allowLoopback: boolean; headers?: Record<string, string> },
): Promise<DocumentAnswer> {
  const started = Date.now();
  const unreachable = async (): Promise<never> => {
    // One delay for every failure: a refused port answers no faster than a filtered one.
    await new Promise((r) => setTimeout(r, Math.max(0, started + options.timeoutMs - Date.now())));
    throw new DocumentUnreachableError();
  };
  if (url.protocol !== 'https:') return unreachable();
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const loopbackAllowed = options.allowLoopback && ['127.0.0.1', '::1', 'localhost'].includes(host);
  // An address literal never goes through a lookup: check it here.
  if (!loopbackAllowed && net.isIP(host) && isSpecialUseAddress(host)) return unreachable();
  try {
    return await new Promise<DocumentAnswer>((resolve, reject) => {
      const request = https.request(
        url,
        {
          method: 'GET',
          headers: { accept: 'application/json', 'user-agent': 'Pacewise', ...options.headers },
          ...(loopbackAllowed ? {} : { lookup: publicOnlyLookup as unknown as typeof dns.lookup }),
          signal: AbortSignal.timeout(options.timeoutMs),
        },
        (response) => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            if (value === undefined) continue;
            for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
          }
          resolve({ status: response.statusCode ?? 0, headers, body: response, cancel: () => response.destroy() });
        },
      );
      request.on('error', reject);
      request.end();
    });
  } catch {
    return unreachable();
  }
}
