import { describe, expect, it } from 'vitest';
import { classifyAddress, NetworkTargetRefused, parseIpAddress, resolveNetworkTarget } from './network-targets.ts';

const kindOf = (address: string) => classifyAddress(parseIpAddress(address)!);

describe('network targets (decision 075)', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['0x7f000001', 'loopback'],
    ['2130706433', 'loopback'],
    ['0177.0.0.1', 'loopback'],
    ['127.1', 'loopback'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['64:ff9b::a00:5', 'private'],
    ['2002:a00:5::1', 'private'],
    ['10.0.0.5', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['fd12:3456::1', 'private'],
    ['169.254.169.254', 'metadata'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['169.254.1.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['0', 'unspecified'],
    ['::', 'unspecified'],
    ['100.64.0.1', 'shared'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['192.0.2.10', 'reserved'],
    ['2001:db8::1', 'reserved'],
  ])('%s is %s', (address, kind) => {
    expect(kindOf(address)).toBe(kind);
  });

  it.each(['93.184.215.14', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:2800:21f:cb07::1', '::ffff:93.184.215.14'])(
    '%s is public',
    (address) => {
      expect(kindOf(address)).toBeUndefined();
    },
  );

  it.each(['example.com', '1.2.3.com', '256.0.0.1', '1.2.3.4.5', '08.0.0.1', ''])('%s is no address', (host) => {
    expect(parseIpAddress(host)).toBeUndefined();
  });

  it('answers the checked address, refuses a name resolving to any inside one, and one that does not resolve', async () => {
    const resolveHost = async (host: string) => {
      if (host === 'hooks.example.com') return [{ address: '93.184.215.14', family: 4 as const }];
      if (host === 'split.example.com')
        return [
          { address: '93.184.215.14', family: 4 as const },
          { address: '10.0.0.5', family: 4 as const },
        ];
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    };
    const policy = { allowPrivate: false, resolveHost };
    expect(await resolveNetworkTarget('https://hooks.example.com/a', policy)).toEqual({
      address: '93.184.215.14',
      family: 4,
    });
    await expect(resolveNetworkTarget('https://split.example.com/', policy)).rejects.toThrow(
      'Webhook address split.example.com resolves to a private network address (10.0.0.5)',
    );
    await expect(resolveNetworkTarget('https://nowhere.invalid/', policy)).rejects.toThrow(NetworkTargetRefused);
    await expect(resolveNetworkTarget('https://nowhere.invalid/', policy)).rejects.toThrow('does not resolve');
  });

  it('lets private addresses through only when allowed, and metadata addresses never', async () => {
    const allow = { allowPrivate: true };
    expect(await resolveNetworkTarget('http://127.0.0.1:8399/', allow)).toEqual({ address: '127.0.0.1', family: 4 });
    expect(await resolveNetworkTarget('https://[fd12::1]/', allow)).toEqual({ address: 'fd12::1', family: 6 });
    await expect(resolveNetworkTarget('https://169.254.169.254/latest/', allow)).rejects.toThrow(
      'Webhook address is a cloud metadata address (169.254.169.254); alerts are never posted there',
    );
    await expect(resolveNetworkTarget('http://0x7f000001:8399/', { allowPrivate: false })).rejects.toThrow(
      'Webhook address is a loopback address (127.0.0.1)',
    );
  });
});
