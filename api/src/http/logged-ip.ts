// An IP address is personal data (it can single out a household), so nothing written to a log
// keeps a whole one. The network part is enough to read a log: spotting an abusive network,
// telling two clients apart in one incident. IPv4 keeps its /24 and IPv6 its /48 (a site's
// prefix); an IPv4 address seen through an IPv6 socket (::ffff:a.b.c.d) is treated as IPv4.
// The rate limiter needs whole addresses to count, and keeps them in memory only.
import ipaddr from 'ipaddr.js';

const IPV4_PREFIX = 24;
const IPV6_PREFIX = 48;

/** `ip` with its host part zeroed (`203.0.113.0/24`, `2001:db8:1::/48`); anything else as `unknown`. */
export function loggedIp(ip: string): string {
  if (!ipaddr.isValid(ip)) return 'unknown';
  let address = ipaddr.parse(ip);
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) address = (address as ipaddr.IPv6).toIPv4Address();
  const cidr = (prefix: number) => `${address.toString()}/${prefix}`;
  return address.kind() === 'ipv4'
    ? `${ipaddr.IPv4.networkAddressFromCIDR(cidr(IPV4_PREFIX)).toString()}/${IPV4_PREFIX}`
    : `${ipaddr.IPv6.networkAddressFromCIDR(cidr(IPV6_PREFIX)).toString()}/${IPV6_PREFIX}`;
}
