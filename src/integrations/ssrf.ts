import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import * as ipaddr from 'ipaddr.js';

/**
 * SSRF policy for webhook URLs (docs/webhook-delivery.md): only public unicast addresses may be called, unless the
 * host or address is exempted by WEBHOOK_ALLOWED_HOSTS (a test/dev escape hatch: hostnames or CIDRs).
 */

/** ipaddr.js range names that are public. Everything else (loopback, private, linkLocal, uniqueLocal, …) is blocked. */
const PUBLIC_RANGES = new Set(['unicast']);

export class SsrfBlockedError extends Error {
  readonly code = 'ERR_WEBHOOK_SSRF';
  constructor(readonly host: string) {
    super(`The address of "${host}" is not allowed for webhooks (private, loopback, link-local or reserved)`);
    this.name = 'SsrfBlockedError';
  }
}

/** Canonicalises IPv4-mapped IPv6 (::ffff:127.0.0.1) to IPv4 so it is judged as the address it really is. */
function canonical(address: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  if (!ipaddr.isValid(address)) return undefined;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) return (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed;
}

/** True for loopback, private, link-local (incl. 169.254.169.254), CGNAT, 0/8, multicast, reserved, ULA, NAT64 etc. */
export function isBlockedAddress(address: string): boolean {
  const ip = canonical(address);
  if (!ip) return true;
  if (ip.kind() === 'ipv6') {
    const v6 = ip as ipaddr.IPv6;
    // NAT64 (64:ff9b::/96) and 6to4 (2002::/16) embed an IPv4 address: judge that address.
    if (v6.range() === 'rfc6052' || v6.range() === '6to4') {
      const bytes = v6.toByteArray();
      const v4 = v6.range() === '6to4' ? bytes.slice(2, 6) : bytes.slice(12, 16);
      return isBlockedAddress(v4.join('.'));
    }
  }
  return !PUBLIC_RANGES.has(ip.range());
}

export class SsrfPolicy {
  private readonly hosts = new Set<string>();
  private readonly cidrs: [ipaddr.IPv4 | ipaddr.IPv6, number][] = [];

  constructor(allowedHosts: string[]) {
    for (const entry of allowedHosts) {
      if (entry.includes('/')) this.cidrs.push(ipaddr.parseCIDR(entry));
      else if (isIP(entry)) this.cidrs.push([ipaddr.parse(entry), isIP(entry) === 4 ? 32 : 128]);
      else this.hosts.add(entry.toLowerCase().replace(/\.$/, ''));
    }
  }

  /** An allowlisted hostname skips every check (tests only). */
  isHostExempt(hostname: string): boolean {
    return this.hosts.has(stripBrackets(hostname).toLowerCase().replace(/\.$/, ''));
  }

  isAddressAllowed(address: string): boolean {
    const ip = canonical(address);
    if (!ip) return false;
    for (const [range, bits] of this.cidrs) {
      if (range.kind() === ip.kind() && ip.match(range as never, bits)) return true;
    }
    return !isBlockedAddress(address);
  }

  /**
   * Resolves `hostname` and returns the addresses to connect to, or throws SsrfBlockedError when ANY
   * resolved address is blocked (so a name that mixes public and private answers is refused outright).
   */
  async resolve(hostname: string, timeoutMs?: number): Promise<{ address: string; family: number }[]> {
    const host = stripBrackets(hostname);
    if (isIP(host)) {
      if (!this.isHostExempt(host) && !this.isAddressAllowed(host)) throw new SsrfBlockedError(hostname);
      return [{ address: host, family: isIP(host) }];
    }
    const pending = lookup(host, { all: true, verbatim: true });
    const addresses = timeoutMs
      ? await Promise.race([
          pending,
          new Promise<never>((_, reject) =>
            setTimeout(() => reject(Object.assign(new Error(`DNS lookup of ${host} timed out`), { code: 'ETIMEOUT' })), timeoutMs).unref(),
          ),
        ])
      : await pending;
    if (this.isHostExempt(host)) return addresses;
    if (!addresses.length || addresses.some((a) => !this.isAddressAllowed(a.address))) throw new SsrfBlockedError(hostname);
    return addresses;
  }
}

function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}
