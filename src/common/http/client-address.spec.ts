import { addressKey } from './client-address';

describe('addressKey', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::192.0.2.33', '64:ff9b:0:0::/64'],
  ])('counts %s as %s', (address, key) => {
    expect(addressKey(address)).toBe(key);
  });

  it('counts every address of one /64 together, and another /64 apart', () => {
    const line = ['2001:db8:7:9::1', '2001:db8:7:9:ffff::2', '2001:0db8:0007:0009:1234:5678:9abc:def0'];
    expect(new Set(line.map(addressKey)).size).toBe(1);
    expect(addressKey('2001:db8:7:a::1')).not.toBe(addressKey(line[0]));
  });
});
