import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { isIPv4, isIPv6 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address, "::" expanded and an embedded IPv4 tail converted. */
function ipv6Groups(address: string): number[] {
  let text = address.split('%')[0];
  const ipv4Tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (ipv4Tail) {
    const [a, b, c, d] = ipv4Tail[1].split('.').map(Number);
    text = `${text.slice(0, -ipv4Tail[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const parse = (part: string | undefined) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const front = parse(head);
  const back = parse(tail);
  return tail === undefined ? front : [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/**
 * What per-address limits count: an IPv4 address as it is (also when IPv4-mapped), and for IPv6
 * the client's /64, since one line is routinely given a whole /64 and could otherwise take a
 * fresh address for every request.
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  if (isIPv4(address) || !isIPv6(address)) return address;
  const prefix = ipv6Groups(address)
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':');
  return `${prefix}::/64`;
}

/** The requesting client's address as limits count it (see addressKey); trusts proxies as the app does. */
export const ClientAddress = createParamDecorator((_: unknown, context: ExecutionContext): string =>
  addressKey(context.switchToHttp().getRequest<Request>().ip ?? ''),
);
