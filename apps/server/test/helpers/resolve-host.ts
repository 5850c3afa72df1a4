import { isIPv6 } from 'node:net';
import { type ResolveHost, systemResolveHost } from '../../src/lib/network-targets.ts';

/** A public address that stands for the internet in tests; nothing is ever posted to it. */
export const PUBLIC_ADDRESS = '93.184.215.14';

/**
 * A resolver for tests run without internet: the names of `table` resolve to its addresses, any
 * other through the system (localhost, numeric hosts). The system resolver is the boundary given.
 */
export function resolverOf(table: Record<string, string[]>): ResolveHost {
  return async (hostname) => {
    const addresses = table[hostname];
    if (!addresses) return systemResolveHost(hostname);
    return addresses.map((address) => ({ address, family: isIPv6(address) ? 6 : 4 }));
  };
}
