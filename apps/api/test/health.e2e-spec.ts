import request from 'supertest';
import { startTestApp, type TestContext } from './support/test-app';

describe('GET /health when Redis is unreachable', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // Nothing listens on this port: the API must still start and report Redis down.
    ctx = await startTestApp({ professionals: 1, env: { REDIS_URL: 'redis://127.0.0.1:6390' } });
  });
  afterAll(() => ctx?.close());

  it('answers 503 naming the part that is down, while the catalogue keeps working', async () => {
    const response = await request(ctx.app.getHttpServer()).get('/health').expect(503);
    expect(response.body).toEqual({ status: 'error', database: 'up', redis: 'down' });
    await request(ctx.app.getHttpServer()).get('/home/professions').expect(200);
  });
});
