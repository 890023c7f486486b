import Redis from 'ioredis';
import { RedisEvictionCheck } from '../src/common/redis-eviction-check';
import { eventually } from './support/eventually';
import { captureLogs } from './support/log-capture';
import { startRedisServer, type DedicatedRedis } from './support/redis-server';
import { startTestApp, type TestContext } from './support/test-app';

/** A Redis that evicts keys when full may drop queued jobs: the API says so at start (the log is one per process: its own suite). */
describe('a Redis that may evict keys', () => {
  const logs = captureLogs();
  let redis: DedicatedRedis;
  let ctx: TestContext;

  beforeAll(async () => {
    redis = await startRedisServer(['--maxmemory', '64mb', '--maxmemory-policy', 'allkeys-lru']);
    ctx = await startTestApp({ professionals: 0, env: { REDIS_URL: redis.url, LOG_LEVEL: 'log' }, logDestination: logs.stream });
  });
  afterAll(async () => {
    await ctx?.close();
    await redis?.close();
  });

  it('is named at start with the setting BullMQ needs', async () => {
    const warning = await eventually(() => {
      const line = logs
        .lines()
        .find((candidate) => candidate.context === 'Redis' && /maxmemory-policy=allkeys-lru/.test(candidate.msg ?? ''));
      if (!line) throw new Error('no warning yet');
      return line;
    });
    expect(warning.level).toBe(40);
    expect(warning.msg).toContain('maxmemory-policy noeviction');
  });

  it('is not named once it evicts nothing', async () => {
    const admin = new Redis(redis.url);
    await admin.config('SET', 'maxmemory-policy', 'noeviction');
    admin.disconnect();
    const before = logs.lines().filter((line) => /maxmemory-policy=/.test(line.msg ?? '')).length;
    expect(await ctx.app.get(RedisEvictionCheck, { strict: false }).check()).toBe('noeviction');
    expect(logs.lines().filter((line) => /maxmemory-policy=/.test(line.msg ?? '')).length).toBe(before);
  });
});
