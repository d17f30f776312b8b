import { checkWebhookTarget, refusedAddressReason } from '../../../activities/webhooks';

const noDns = (): Promise<never> => Promise.reject(new Error('these URLs must not need DNS'));

describe('webhook target URLs (SSRF guard), loopback not allowed', () => {
  it.each([
    ['http://[::1]/', /loopback/],
    ['http://[::ffff:169.254.169.254]/', /metadata/],
    ['http://[::ffff:a9fe:a9fe]/', /metadata/],
    ['http://[::ffff:127.0.0.1]/', /loopback/],
    ['http://2852039166/', /metadata/],
    ['http://0x7f.1/', /loopback/],
    ['http://10.0.0.1/', /private/],
    ['http://192.168.1.1/', /private/],
    ['http://172.16.0.1/', /private/],
    ['http://100.64.0.1/', /private/],
    ['http://169.254.169.254/latest/meta-data', /metadata/],
    ['http://[fd00::1]/', /private/],
    ['http://[fe80::1]/', /private/],
    ['http://[::7f00:1]/', /private/],
    ['http://[::a9fe:a9fe]/', /private/],
    ['http://[2002:a9fe:a9fe::1]/', /private/],
    ['http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/', /private/],
    ['http://[fec0::1]/', /private/],
  ])('refuses %s', async (url, reason) => {
    const check = await checkWebhookTarget(url, false, noDns);
    expect(check.ok).toBe(false);
    expect(!check.ok && check.reason).toMatch(reason);
  });

  it.each(['http://93.184.216.34/hook', 'https://[2606:4700:4700::1111]/hook'])('accepts the public address %s', async (url) => {
    expect(await checkWebhookTarget(url, false, noDns)).toMatchObject({ ok: true });
  });

  it('judges every address a host resolves to', async () => {
    const resolvesTo = (...addresses: string[]) => () => Promise.resolve(addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
    expect(await checkWebhookTarget('https://hooks.example.com/x', false, resolvesTo('93.184.216.34', '10.0.0.1'))).toMatchObject({ ok: false });
    expect(await checkWebhookTarget('https://hooks.example.com/x', false, resolvesTo('93.184.216.34'))).toMatchObject({ ok: true, address: '93.184.216.34' });
  });

  it('refuses schemes other than http(s) and URLs carrying credentials', async () => {
    expect(await checkWebhookTarget('ftp://93.184.216.34/', false, noDns)).toMatchObject({ ok: false });
    expect(await checkWebhookTarget('https://u:p@93.184.216.34/', false, noDns)).toMatchObject({ ok: false });
  });
});

describe('webhook target addresses', () => {
  it.each(['127.0.0.1', '127.5.6.7', '::1', '::ffff:127.0.0.1', '::ffff:7f00:1'])('refuses loopback %s unless loopback is allowed', (address) => {
    expect(refusedAddressReason(address, false)).toMatch(/loopback/);
    expect(refusedAddressReason(address, true)).toBeNull();
  });

  it.each([
    '10.1.2.3', '172.31.255.255', '192.168.0.1', '169.254.169.254', '100.100.100.200', '0.0.0.0', 'fd00:ec2::254', 'fe80::1', '::',
    '224.0.0.1', '::ffff:192.168.1.1', '::ffff:a9fe:a9fe', '::7f00:1', '2002::1', '2001::1', 'fec0::1',
  ])('refuses %s even when loopback is allowed', (address) => {
    expect(refusedAddressReason(address, true)).not.toBeNull();
  });

  it('names the metadata range for the mapped forms of 169.254.169.254', () => {
    for (const address of ['169.254.169.254', '::ffff:169.254.169.254', '::ffff:a9fe:a9fe', '0:0:0:0:0:ffff:a9fe:a9fe']) {
      expect(refusedAddressReason(address, true)).toMatch(/metadata/);
    }
  });

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '172.32.0.1', '2001:4860:4860::8888'])('accepts the public address %s', (address) => {
    expect(refusedAddressReason(address, false)).toBeNull();
  });
});
