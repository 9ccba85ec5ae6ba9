// The subject of per-address limits. One IPv4 address is one subject; an IPv6 client is keyed on
// its /64, the smallest block an ISP hands one home or phone (RFC 6177), inside which it can pick
// any of 2^64 addresses at will. Keyed whole (/128), every guess could come from a new address.
import net from 'node:net';

/** The eight hextets of an IPv6 address, or null when `address` is not one. */
function hextets(address: string): string[] | null {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (net.isIP(bare) !== 6) return null;
  let text = bare;
  // An embedded IPv4 tail (::1.2.3.4) becomes two hextets.
  const v4 = text.match(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array(8 - left.length - right.length).fill('0');
  return [...left, ...fill, ...right].map((h) => parseInt(h, 16).toString(16));
}

export function addressKey(address: string): string {
  const h = hextets(address);
  return h ? `${h.slice(0, 4).join(':')}::/64` : address;
}
