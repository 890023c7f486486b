import { dataSourceOptions } from './data-source';

describe('dataSourceOptions', () => {
  it('gives the pool its size and wait, and keeps its connections open when idle (a new backend prepares every statement again)', () => {
    const options = dataSourceOptions('postgres://postgres@127.0.0.1:5432/oficios', 7, 1234) as { extra: Record<string, unknown> };
    expect(options.extra).toMatchObject({ max: 7, connectionTimeoutMillis: 1234, idleTimeoutMillis: 0 });
  });
});
