import { checkWebhookTarget, refusedAddressReason, REFUSED_ADDRESS_REASON } from '../../../activities/webhooks';

const noDns = (): Promise<never> => Promise.reject(new Error('these URLs must not need DNS'));

describe('webhook target URLs (SSRF guard), loopback not allowed', () => {
  it.each([
    ['http://[::1]/'],
    ['http://[::ffff:169.254.169.254]/'],
    ['http://[::ffff:a9fe:a9fe]/'],
    ['http://[::ffff:127.0.0.1]/'],
    ['http://2852039166/'],
    ['http://0x7f.1/'],
    ['http://10.0.0.1/'],
    ['http://192.168.1.1/'],
    ['http://172.16.0.1/'],
    ['http://100.64.0.1/'],
    ['http://169.254.169.254/latest/meta-data'],
    ['http://[fd00::1]/'],
    ['http://[fe80::1]/'],
    ['http://[::7f00:1]/'],
    ['http://[::a9fe:a9fe]/'],
    ['http://[2002:a9fe:a9fe::1]/'],
    ['http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/'],
    ['http://[fec0::1]/'],
  ])('refuses %s', async (url) => {
    const check = await checkWebhookTarget(url, false, noDns);
    expect(check).toEqual({ ok: false, reason: REFUSED_ADDRESS_REASON });
  });

  it.each(['http://93.184.216.34/hook', 'https://[2606:4700:4700::1111]/hook'])('accepts the public address %s', async (url) => {
    expect(await checkWebhookTarget(url, false, noDns)).toMatchObject({ ok: true });
  });

  it('judges every address a host resolves to', async () => {
    const resolvesTo =
      (...addresses: string[]) =>
      () =>
        Promise.resolve(addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
    expect(await checkWebhookTarget('https://hooks.example.com/x', false, resolvesTo('93.184.216.34', '10.0.0.1'))).toMatchObject({
      ok: false,
    });
    expect(await checkWebhookTarget('https://hooks.example.com/x', false, resolvesTo('93.184.216.34'))).toMatchObject({
      ok: true,
      address: '93.184.216.34',
    });
  });

  it('refuses schemes other than http(s) and URLs carrying credentials', async () => {
    expect(await checkWebhookTarget('ftp://93.184.216.34/', false, noDns)).toMatchObject({ ok: false });
    expect(await checkWebhookTarget('https://u:p@93.184.216.34/', false, noDns)).toMatchObject({ ok: false });
  });
});

describe('webhook target addresses', () => {
  it.each(['127.0.0.1', '127.5.6.7', '::1', '::ffff:127.0.0.1', '::ffff:7f00:1'])(
    'refuses loopback %s unless loopback is allowed',
    (address) => {
      expect(refusedAddressReason(address, false)).toBe(REFUSED_ADDRESS_REASON);
      expect(refusedAddressReason(address, true)).toBeNull();
    },
  );

  it.each([
    '10.1.2.3',
    '172.31.255.255',
    '192.168.0.1',
    '169.254.169.254',
    '100.100.100.200',
    '0.0.0.0',
    'fd00:ec2::254',
    'fe80::1',
    '::',
    '224.0.0.1',
    '::ffff:192.168.1.1',
    '::ffff:a9fe:a9fe',
    '::7f00:1',
    '2002::1',
    '2001::1',
    'fec0::1',
  ])('refuses %s even when loopback is allowed', (address) => {
    expect(refusedAddressReason(address, true)).toBe(REFUSED_ADDRESS_REASON);
  });

  it('refuses the mapped forms of 169.254.169.254', () => {
    for (const address of ['169.254.169.254', '::ffff:169.254.169.254', '::ffff:a9fe:a9fe', '0:0:0:0:0:ffff:a9fe:a9fe']) {
      expect(refusedAddressReason(address, true)).toBe(REFUSED_ADDRESS_REASON);
    }
  });

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '172.32.0.1', '2001:4860:4860::8888'])(
    'accepts the public address %s',
    (address) => {
      expect(refusedAddressReason(address, false)).toBeNull();
    },
  );
});

describe('a refused target never echoes the address it resolved to', () => {
  const resolvesTo = (address: string) => () => Promise.resolve([{ address, family: address.includes(':') ? 6 : 4 }]);

  it.each([
    ['10.20.30.40', false],
    ['172.20.1.2', false],
    ['192.168.77.1', false],
    ['169.254.169.254', false],
    ['100.100.100.200', false],
    ['127.0.0.53', false],
    ['fd12:3456:789a::1', false],
    ['fe80::abcd', false],
    ['::ffff:10.9.8.7', false],
    ['::ffff:a9fe:a9fe', true],
  ])('a host resolving to %s is refused in general terms', async (address, allowLoopback) => {
    const check = await checkWebhookTarget('https://hooks.customer.example/x', allowLoopback, resolvesTo(address));
    expect(check).toEqual({ ok: false, reason: REFUSED_ADDRESS_REASON });
    expect(JSON.stringify(check)).not.toContain(address);
  });

  it('does not name the address a numeric host form decodes to', async () => {
    // 169090600 is 10.20.30.40, 2852039166 is 169.254.169.254; 0x7f.1 is 127.0.0.1.
    for (const [url, decoded] of [
      ['http://169090600/', '10.20.30.40'],
      ['http://2852039166/', '169.254.169.254'],
      ['http://0x7f.1/', '127.0.0.1'],
    ]) {
      const check = await checkWebhookTarget(url, false, noDns);
      expect(check).toEqual({ ok: false, reason: REFUSED_ADDRESS_REASON });
      expect(JSON.stringify(check)).not.toContain(decoded);
    }
  });

  it('says nothing more when DNS answers something that is not an address', async () => {
    const check = await checkWebhookTarget('https://hooks.customer.example/x', false, () =>
      Promise.resolve([{ address: 'internal-gw.corp', family: 4 }]),
    );
    expect(check).toEqual({ ok: false, reason: REFUSED_ADDRESS_REASON });
  });
});
