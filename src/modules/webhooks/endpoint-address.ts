import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses an endpoint may never reach in production: this network, private and shared (carrier
 * NAT) ranges, loopback, link-local (the cloud metadata service, 169.254.169.254), documentation,
 * benchmarking, multicast and reserved; IPv6's equivalents, with the ranges that carry IPv4 inside
 * (mapped, NAT64, 6to4, Teredo), which could reach the same.
 */
const NOT_PUBLIC_V4 = new BlockList();
// Apart: a list holding ::ffff:0:0/96 counts every IPv4 address checked against it as inside.
const NOT_PUBLIC_V6 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NOT_PUBLIC_V4.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC_V6.addSubnet(network, prefix, 'ipv6');

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return family === 4 ? !NOT_PUBLIC_V4.check(address, 'ipv4') : !NOT_PUBLIC_V6.check(address, 'ipv6');
}

/** Where endpoints may point: anywhere outside production (a receiver on this machine), public HTTPS only in it. */
export type EndpointPolicy = 'public-https' | 'any';

/** A URL an endpoint may have, or why not (a message for the customer). */
export function checkEndpointUrl(text: string, policy: EndpointPolicy): { url: URL } | { refused: string } {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { refused: 'url must be an absolute URL, such as https://example.com/hooks/county-data' };
  }
  if (url.protocol !== 'https:' && !(policy === 'any' && url.protocol === 'http:'))
    return { refused: 'url must start with https://' };
  if (url.username || url.password) return { refused: 'url must not carry a user name or password' };
  if (url.hash) return { refused: 'url must not have a #fragment' };
  return { url };
}

/**
 * The addresses a host name resolves to, checked: each must be public under the public policy
 * (every address, so that a name answering one public and one private address is refused). What a
 * delivery then connects to is one of these very addresses, never a second lookup's answer.
 */
export async function resolveEndpoint(
  hostname: string,
  policy: EndpointPolicy,
): Promise<{ addresses: { address: string; family: number }[] } | { refused: string }> {
  const host = hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  try {
    addresses = isIP(host)
      ? [{ address: host, family: isIP(host) }]
      : await lookup(host, { all: true, verbatim: true });
  } catch {
    return { refused: `${host} does not resolve to an address` };
  }
  if (addresses.length === 0) return { refused: `${host} does not resolve to an address` };
  if (policy === 'public-https' && addresses.some(({ address }) => !isPublicAddress(address)))
    return { refused: `${host} resolves to a private, loopback or link-local address` };
  return { addresses };
}
