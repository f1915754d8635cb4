import { isBlockedAddress, SsrfBlockedError, SsrfPolicy } from './ssrf';

describe('SSRF address policy', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '0.1.2.3',
    '224.0.0.1',
    '240.0.0.1',
    '255.255.255.255',
    '192.0.2.1',
    '::1',
    '::',
    'fc00::1',
    'fd00:ec2::254',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '64:ff9b::7f00:1',
    '2002:7f00:1::',
    'ff02::1',
    'not-an-ip',
  ])('blocks %s', (address) => expect(isBlockedAddress(address)).toBe(true));

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows %s', (address) =>
    expect(isBlockedAddress(address)).toBe(false),
  );

  it('exempts allowlisted CIDRs and hostnames only', async () => {
    const policy = new SsrfPolicy(['127.0.0.1/32', 'internal.test']);
    expect(policy.isAddressAllowed('127.0.0.1')).toBe(true);
    expect(policy.isAddressAllowed('127.0.0.2')).toBe(false);
    expect(policy.isAddressAllowed('::ffff:127.0.0.1')).toBe(true);
    expect(policy.isHostExempt('INTERNAL.test')).toBe(true);
    await expect(policy.resolve('127.0.0.1')).resolves.toEqual([{ address: '127.0.0.1', family: 4 }]);
    await expect(policy.resolve('10.1.1.1')).rejects.toBeInstanceOf(SsrfBlockedError);
    await expect(new SsrfPolicy([]).resolve('localhost')).rejects.toBeInstanceOf(SsrfBlockedError);
    await expect(new SsrfPolicy([]).resolve('[::1]')).rejects.toBeInstanceOf(SsrfBlockedError);
  });
});
