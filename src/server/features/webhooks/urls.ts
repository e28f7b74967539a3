/**
 * Where a webhook may go (decision 0042): https only — http only to this machine when local addresses are allowed
 * (WEBHOOK_ALLOW_LOCAL, never in production) — and never to an address that is not public: loopback, private,
 * link-local (cloud metadata), CGNAT, multicast, documentation and other reserved ranges. The name is resolved and
 * every address checked when the endpoint is saved and again before each delivery, and the delivery connects to the
 * address that was checked (no second lookup a rebinding name could answer differently).
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { AppError } from '../../platform/errors';
import { isLoopbackAddress } from '../../platform/loopback';

/** never allowed, whatever the configuration: link-local (metadata services), multicast, reserved, documentation … */
const ALWAYS_BLOCKED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  ALWAYS_BLOCKED.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  ALWAYS_BLOCKED.addSubnet(net, prefix, 'ipv6');
}

/** this machine and private networks: allowed only with WEBHOOK_ALLOW_LOCAL (development and tests) */
const LOCAL = new BlockList();
for (const [net, prefix] of [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  LOCAL.addSubnet(net, prefix, 'ipv4');
}
LOCAL.addAddress('::1', 'ipv6');
LOCAL.addSubnet('fc00::', 7, 'ipv6');

/** An IPv4 address carried in an IPv6 one (::ffff:a.b.c.d) is judged as the IPv4 address. */
function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const m = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (m) return { address: m[1]!, family: 'ipv4' };
  return { address, family: isIP(address) === 6 ? 'ipv6' : 'ipv4' };
}

export type AddressClass = 'public' | 'local' | 'blocked';

export function classifyAddress(raw: string): AddressClass {
  if (!isIP(raw)) return 'blocked';
  const { address, family } = unmapped(raw);
  // ::ffff:0:0/96 written in hex (::ffff:7f00:1) is IPv4 too
  if (family === 'ipv6' && /^::ffff:[0-9a-f]{1,4}:[0-9a-f]{1,4}$/i.test(address)) return 'blocked';
  if (ALWAYS_BLOCKED.check(address, family)) return 'blocked';
  if (LOCAL.check(address, family)) return 'local';
  return 'public';
}

const isLoopbackName = (host: string) => host === 'localhost' || host.endsWith('.localhost');

export type UrlPolicy = { allowLocal: boolean };
/** how a checked URL is reached: its parts and the address the connection goes to */
export type Target = { url: URL; hostname: string; address: string; family: 4 | 6 };

/** The URL's form (scheme, no credentials, a host); throws WEBHOOK_URL_INVALID / WEBHOOK_URL_FORBIDDEN. */
export function parseWebhookUrl(raw: string, policy: UrlPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError('WEBHOOK_URL_INVALID');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new AppError('WEBHOOK_URL_INVALID');
  if (url.username || url.password || !url.hostname) throw new AppError('WEBHOOK_URL_INVALID');
  if (url.protocol === 'http:') {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const loopback = isLoopbackName(host) || isLoopbackAddress(host);
    if (!policy.allowLocal || !loopback) throw new AppError('WEBHOOK_URL_INVALID');
  }
  return url;
}

/**
 * Resolves the URL's host and checks every address it has; the first is the one to connect to. Throws
 * WEBHOOK_URL_FORBIDDEN when any address is not allowed, WEBHOOK_URL_INVALID when the name does not resolve.
 */
export async function resolveWebhookUrl(raw: string, policy: UrlPolicy): Promise<Target> {
  const url = parseWebhookUrl(raw, policy);
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (isIP(hostname)) addresses = [{ address: hostname, family: isIP(hostname) }];
  else {
    try {
      addresses = await lookup(hostname, { all: true, verbatim: true });
    } catch {
      throw new AppError('WEBHOOK_URL_INVALID');
    }
  }
  if (addresses.length === 0) throw new AppError('WEBHOOK_URL_INVALID');
  for (const a of addresses) {
    const c = classifyAddress(a.address);
    if (c === 'blocked' || (c === 'local' && !policy.allowLocal)) throw new AppError('WEBHOOK_URL_FORBIDDEN');
  }
  const first = addresses[0]!;
  return { url, hostname, address: first.address, family: first.family === 6 ? 6 : 4 };
}
