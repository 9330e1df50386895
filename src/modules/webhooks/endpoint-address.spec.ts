import { checkEndpointUrl, isPublicAddress, resolveEndpoint } from './endpoint-address';

describe('Where webhook endpoints may point', () => {
  it('takes only public addresses in production: no loopback, private, link-local, metadata or mapped ones', () => {
    for (const address of ['8.8.8.8', '93.184.216.34', '2606:4700:4700::1111'])
      expect(isPublicAddress(address)).toBe(true);
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fd00:ec2::254',
      '::ffff:127.0.0.1',
      '64:ff9b::7f00:1',
      '2002:7f00:1::',
      'not an address',
    ])
      expect([address, isPublicAddress(address)]).toEqual([address, false]);
  });

  it('wants https:// in production, allows http:// outside it, and never credentials or a fragment', () => {
    expect(checkEndpointUrl('http://receiver.example/hook', 'public-https')).toEqual({
      refused: 'url must start with https://',
    });
    expect('url' in checkEndpointUrl('http://127.0.0.1:9000/hook', 'any')).toBe(true);
    expect(checkEndpointUrl('ftp://receiver.example/hook', 'any')).toEqual({ refused: 'url must start with https://' });
    expect(checkEndpointUrl('https://user:pw@receiver.example/', 'any')).toEqual({
      refused: 'url must not carry a user name or password',
    });
    expect(checkEndpointUrl('https://receiver.example/#x', 'any')).toEqual({
      refused: 'url must not have a #fragment',
    });
    expect(checkEndpointUrl('receiver.example/hook', 'any')).toEqual({
      refused: 'url must be an absolute URL, such as https://example.com/hooks/county-data',
    });
  });

  it('refuses in production a name that resolves to a loopback address, and an address literal that is private', async () => {
    expect(await resolveEndpoint('localhost', 'public-https')).toEqual({
      refused: 'localhost resolves to a private, loopback or link-local address',
    });
    expect(await resolveEndpoint('169.254.169.254', 'public-https')).toEqual({
      refused: '169.254.169.254 resolves to a private, loopback or link-local address',
    });
    expect(await resolveEndpoint('[::1]', 'public-https')).toEqual({
      refused: '::1 resolves to a private, loopback or link-local address',
    });
    expect('addresses' in (await resolveEndpoint('localhost', 'any'))).toBe(true);
    expect(await resolveEndpoint('no-such-host.invalid', 'any')).toEqual({
      refused: 'no-such-host.invalid does not resolve to an address',
    });
  });
});
