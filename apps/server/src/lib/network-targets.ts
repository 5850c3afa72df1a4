import { lookup } from 'node:dns/promises';
import { isIPv6 } from 'node:net';

/** One address a host name resolves to, as `dns.lookup` answers it. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** The system resolver's boundary: tests give their own instead of needing DNS. */
export type ResolveHost = (hostname: string) => Promise<ResolvedAddress[]>;

/** Which addresses the server posts to (decision 075). */
export interface NetworkTargetPolicy {
  /** Loopback, private, link-local, shared and reserved addresses too (`WEBHOOK_ALLOW_PRIVATE_TARGETS`). */
  allowPrivate: boolean;
  resolveHost?: ResolveHost;
}

export const REFUSE_PRIVATE_TARGETS: NetworkTargetPolicy = { allowPrivate: false };

/** Why a webhook is not posted to, in words a global admin can act on. */
export class NetworkTargetRefused extends Error {}

const RESOLVE_TIMEOUT_MS = 5_000;

export const systemResolveHost: ResolveHost = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

type AddressKind =
  | 'metadata'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'shared'
  | 'multicast'
  | 'reserved';

const KIND_WORDS: Record<AddressKind, string> = {
  metadata: 'a cloud metadata address',
  unspecified: 'an unspecified address',
  loopback: 'a loopback address',
  private: 'a private network address',
  'link-local': 'a link-local address',
  shared: 'a shared (carrier-grade NAT) address',
  multicast: 'a multicast address',
  reserved: 'a reserved address',
};

/** Never a webhook receiver, whatever the setting: instance credentials live behind the first. */
const ALWAYS_REFUSED = new Set<AddressKind>(['metadata', 'multicast']);

interface IpAddress {
  family: 4 | 6;
  value: bigint;
}

const IPV4_PART = /^(?:0x[0-9a-f]*|0[0-7]*|[1-9][0-9]*)$/i;

/**
 * An IPv4 address in any form `inet_aton` and URL parsers take: 1 to 4 parts, each decimal, octal
 * (leading 0) or hex (0x), the last filling the bytes left (`0x7f000001`, `2130706433`, `0177.0.0.1`, `127.1`).
 */
function parseIPv4(text: string): IpAddress | undefined {
  const parts = text.replace(/\.$/, '').split('.');
  if (parts.length > 4 || !parts.every((part) => IPV4_PART.test(part))) return undefined;
  const numbers = parts.map((part) => {
    if (/^0x/i.test(part)) return part.length === 2 ? 0 : Number.parseInt(part.slice(2), 16);
    if (part.length > 1 && part.startsWith('0')) return Number.parseInt(part, 8);
    return Number(part);
  });
  const last = numbers.pop()!;
  if (numbers.some((n) => n > 255) || last >= 256 ** (4 - numbers.length)) return undefined;
  const value = numbers.reduce((sum, n, index) => sum + BigInt(n) * 256n ** BigInt(3 - index), BigInt(last));
  return { family: 4, value };
}

/** An IPv6 address, bracketed or not, with an embedded dotted IPv4 tail (`::ffff:127.0.0.1`) or a zone. */
function parseIPv6(text: string): IpAddress | undefined {
  const bare = text.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  if (!isIPv6(bare)) return undefined;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(bare);
  const hex = dotted
    ? bare.slice(0, dotted.index) +
      [Number(dotted[1]) * 256 + Number(dotted[2]), Number(dotted[3]) * 256 + Number(dotted[4])]
        .map((group) => group.toString(16))
        .join(':')
    : bare;
  const [left = '', right] = hex.split('::');
  const groupsOf = (side: string) => (side === '' ? [] : side.split(':'));
  const head = groupsOf(left);
  const tail = right === undefined ? [] : groupsOf(right);
  const groups = [...head, ...Array<string>(8 - head.length - tail.length).fill('0'), ...tail];
  return { family: 6, value: groups.reduce((sum, group) => (sum << 16n) | BigInt(Number.parseInt(group, 16)), 0n) };
}

/** A host that is an address itself, in any numeric form; undefined for a name. */
export function parseIpAddress(host: string): IpAddress | undefined {
  return parseIPv4(host) ?? parseIPv6(host);
}

interface Range {
  base: IpAddress;
  prefix: number;
  kind: AddressKind;
}

const rangesOf = (kind: AddressKind, cidrs: string[]): Range[] =>
  cidrs.map((cidr) => {
    const [address = '', prefix = ''] = cidr.split('/');
    return { base: parseIpAddress(address)!, prefix: Number(prefix), kind };
  });

// First match wins: metadata addresses sit inside the link-local, shared and private ranges.
const RANGES: Range[] = [
  ...rangesOf('metadata', [
    '169.254.169.254/32',
    '169.254.170.2/32',
    '168.63.129.16/32',
    '100.100.100.200/32',
    '192.0.0.192/32',
    'fd00:ec2::254/128',
  ]),
  ...rangesOf('unspecified', ['0.0.0.0/8', '::/128']),
  ...rangesOf('loopback', ['127.0.0.0/8', '::1/128']),
  ...rangesOf('private', ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7', 'fec0::/10']),
  ...rangesOf('link-local', ['169.254.0.0/16', 'fe80::/10']),
  ...rangesOf('shared', ['100.64.0.0/10']),
  ...rangesOf('multicast', ['224.0.0.0/4', 'ff00::/8']),
  ...rangesOf('reserved', [
    '192.0.0.0/24',
    '192.0.2.0/24',
    '192.88.99.0/24',
    '198.18.0.0/15',
    '198.51.100.0/24',
    '203.0.113.0/24',
    '240.0.0.0/4',
    '::/96',
    '64:ff9b:1::/48',
    '100::/64',
    '2001::/23',
    '2001:db8::/32',
    '3fff::/20',
    '5f00::/16',
  ]),
];

const inRange = (ip: IpAddress, range: Range) => {
  if (ip.family !== range.base.family) return false;
  const shift = BigInt((ip.family === 4 ? 32 : 128) - range.prefix);
  return ip.value >> shift === range.base.value >> shift;
};

/** IPv6 forms that carry an IPv4 address a packet ends up at: mapped, NAT64 and 6to4. */
const EMBEDDING: { range: Range; extract(value: bigint): bigint }[] = [
  { range: rangesOf('reserved', ['::ffff:0:0/96'])[0]!, extract: (value) => value & 0xffffffffn },
  { range: rangesOf('reserved', ['64:ff9b::/96'])[0]!, extract: (value) => value & 0xffffffffn },
  { range: rangesOf('reserved', ['2002::/16'])[0]!, extract: (value) => (value >> 80n) & 0xffffffffn },
];

/** What kind of address outside the public internet this is, or undefined for a public one. */
export function classifyAddress(ip: IpAddress): AddressKind | undefined {
  const embedding = EMBEDDING.find(({ range }) => inRange(ip, range));
  if (embedding) return classifyAddress({ family: 4, value: embedding.extract(ip.value) });
  return RANGES.find((range) => inRange(ip, range))?.kind;
}

async function resolveWithin(resolveHost: ResolveHost, hostname: string): Promise<ResolvedAddress[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new NetworkTargetRefused(`Webhook address ${hostname} did not resolve within 5 s`)),
      RESOLVE_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([resolveHost(hostname), timeout]);
  } catch (error) {
    if (error instanceof NetworkTargetRefused) throw error;
    throw new NetworkTargetRefused(`Webhook address ${hostname} does not resolve to any address; check the host name`);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The address a webhook is to be posted to, once its host is resolved and every address it
 * resolves to is outside the server's own networks (unless the policy allows them); otherwise
 * NetworkTargetRefused, naming the host and the address. The caller connects to the address
 * answered, so a name that resolves elsewhere a moment later is never reached.
 */
export async function resolveNetworkTarget(url: string | URL, policy: NetworkTargetPolicy): Promise<ResolvedAddress> {
  const { hostname } = typeof url === 'string' ? new URL(url) : url;
  const literal = parseIpAddress(hostname);
  const resolved = literal
    ? [{ address: hostname.replace(/^\[(.*)\]$/, '$1'), family: literal.family }]
    : await resolveWithin(policy.resolveHost ?? systemResolveHost, hostname);
  if (resolved.length === 0)
    throw new NetworkTargetRefused(`Webhook address ${hostname} does not resolve to any address; check the host name`);
  for (const { address } of resolved) {
    const ip = parseIpAddress(address);
    const kind = ip ? classifyAddress(ip) : 'reserved';
    if (!kind || (policy.allowPrivate && !ALWAYS_REFUSED.has(kind))) continue;
    const subject = literal ? 'Webhook address is' : `Webhook address ${hostname} resolves to`;
    const remedy = ALWAYS_REFUSED.has(kind)
      ? 'alerts are never posted there'
      : 'alerts are posted only to public internet addresses (the server setting WEBHOOK_ALLOW_PRIVATE_TARGETS=true allows private ones)';
    throw new NetworkTargetRefused(`${subject} ${KIND_WORDS[kind]} (${address}); ${remedy}`);
  }
  return resolved[0]!;
}
