import { createHostResolver } from '../../../activities/webhooks';
import { startNameServer, type NameServer } from '../../integration/support/nameServer';

/** The webhook targets' resolver against a name server on loopback: its answers, its cache, its time-out. */
let nameServer: NameServer;
beforeAll(async () => {
  nameServer = await startNameServer((name) => (name.startsWith('silent.') ? 'never' : '192.0.2.10'));
});
afterAll(async () => {
  await nameServer?.close();
});

describe('createHostResolver', () => {
  it('resolves through the configured name server and keeps the answer for its TTL', async () => {
    const resolve = createHostResolver({ WEBHOOK_DNS_SERVERS: nameServer.address });
    expect(await resolve('hooks.customer.test')).toEqual([{ address: '192.0.2.10', family: 4 }]);
    const asked = nameServer.queries('hooks.customer.test');
    expect(await resolve('HOOKS.customer.test.')).toEqual([{ address: '192.0.2.10', family: 4 }]);
    expect(nameServer.queries('hooks.customer.test')).toBe(asked);
  });

  it('fails a name whose server never answers after its time-out, as a lookup error', async () => {
    const resolve = createHostResolver({ WEBHOOK_DNS_SERVERS: nameServer.address, WEBHOOK_DNS_TIMEOUT_MS: '200' });
    await expect(resolve('silent.customer.test')).rejects.toMatchObject({ code: 'ETIMEOUT' });
  });

  it('answers localhost itself (no hosts file is read)', async () => {
    const resolve = createHostResolver({ WEBHOOK_DNS_SERVERS: nameServer.address });
    expect(await resolve('localhost')).toEqual([
      { address: '127.0.0.1', family: 4 },
      { address: '::1', family: 6 },
    ]);
    expect(nameServer.queries('localhost')).toBe(0);
  });
});
