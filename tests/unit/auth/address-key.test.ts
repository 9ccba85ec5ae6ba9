import { describe, expect, it } from 'vitest';
import { addressKey } from '@/lib/auth/address-key';

describe('per-address limits key IPv6 on /64', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::ffff', '2001:db8:1:2::/64'], // same /64, another host part: one subject
    ['2001:0DB8:0001:0002:aaaa::1', '2001:db8:1:2::/64'], // case and leading zeros
    ['[2001:db8:1:2::1]', '2001:db8:1:2::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['2001:db8::', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['64:ff9b::192.0.2.33', '64:ff9b:0:0::/64'],
    ['2001:db8:1:3::1', '2001:db8:1:3::/64'], // the next /64 is another subject
    ['unknown', 'unknown'],
  ])('%s -> %s', (address, key) => expect(addressKey(address)).toBe(key));
});
