import { Client as PgClient } from 'pg';
import { Connection } from '@temporalio/client';
import { connectRedis } from '../../../infra/base/redis';
import { config } from '../../../infra/base/config';

describe('isolated test stack', () => {
  it('points at a migrated database of its own', async () => {
    expect(config.databaseUrl).toMatch(/\/screening_test_/);
    const pg = new PgClient({ connectionString: config.databaseUrl });
    await pg.connect();
    try {
      const { rows } = await pg.query<{ name: string }>('SELECT name FROM pgmigrations ORDER BY name');
      expect(rows.map((r) => r.name)).toContain('1000_lists');
    } finally {
      await pg.end();
    }
  });

  it('reaches a Temporal dev server of its own', async () => {
    expect(config.temporalAddress).not.toBe('127.0.0.1:7233');
    const connection = await Connection.connect({ address: config.temporalAddress });
    try {
      const info = await connection.workflowService.getSystemInfo({});
      expect(info.serverVersion).toMatch(/^\d+\.\d+/);
    } finally {
      await connection.close();
    }
  });

  it('writes Redis keys under a prefix of its own', async () => {
    expect(config.redisKeyPrefix).toMatch(/^test:/);
    const redis = await connectRedis();
    try {
      await redis.set('harness-probe', '1', 'EX', 10);
      const raw = await connectRedis({ keyPrefix: '' });
      try {
        expect(await raw.get(`${config.redisKeyPrefix}harness-probe`)).toBe('1');
      } finally {
        raw.disconnect();
      }
    } finally {
      redis.disconnect();
    }
  });
});
