import { TtlCache } from './ttl-cache';

describe('TtlCache', () => {
  afterEach(() => jest.useRealTimers());

  it('loads once and serves the cached value until it expires', async () => {
    jest.useFakeTimers({ now: 0 });
    const cache = new TtlCache<number>(1000);
    const loader = jest.fn().mockResolvedValueOnce(1).mockResolvedValueOnce(2);
    expect(await cache.getOrLoad('k', loader)).toBe(1);
    expect(await cache.getOrLoad('k', loader)).toBe(1);
    jest.setSystemTime(1001);
    expect(await cache.getOrLoad('k', loader)).toBe(2);
    expect(loader).toHaveBeenCalledTimes(2);
  });

  it('shares one load between concurrent callers', async () => {
    const cache = new TtlCache<string>(1000);
    const loader = jest.fn(async () => 'v');
    const answers = await Promise.all([cache.getOrLoad('k', loader), cache.getOrLoad('k', loader)]);
    expect(answers).toEqual(['v', 'v']);
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('forgets everything on clear, including a load that was under way', async () => {
    const cache = new TtlCache<string>(1000);
    let release: (value: string) => void = () => undefined;
    const slow = cache.getOrLoad('k', () => new Promise((resolve) => (release = resolve)));
    cache.clear();
    release('stale');
    await slow;
    expect(await cache.getOrLoad('k', async () => 'fresh')).toBe('fresh');
  });

  it('drops the oldest entry past its size and never caches with ttl 0', async () => {
    const cache = new TtlCache<number>(1000, 2);
    await cache.getOrLoad('a', async () => 1);
    await cache.getOrLoad('b', async () => 2);
    await cache.getOrLoad('c', async () => 3);
    expect(cache.size).toBe(2);
    const uncached = new TtlCache<number>(0);
    const loader = jest.fn(async () => 1);
    await uncached.getOrLoad('a', loader);
    await uncached.getOrLoad('a', loader);
    expect(loader).toHaveBeenCalledTimes(2);
  });
});
