import request from 'supertest';
import type { App } from 'supertest/types';
import { browser } from './support/http-client';
import { startTestApp, type TestContext } from './support/test-app';

let ctx: TestContext;
let http: App;

beforeAll(async () => {
  ctx = await startTestApp({ professionals: 1 });
  http = ctx.app.getHttpServer();
});
afterAll(() => ctx?.close());

describe('image upload', () => {
  const png = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64)]);

  it('stores an image and serves it back', async () => {
    const client = await browser(http);
    const response = await client.agent
      .post('/home/uploads')
      .set('X-XSRF-TOKEN', client.xsrf!)
      .attach('file', png, { filename: 'foto.txt', contentType: 'text/plain' });
    expect(response.status).toBe(201);
    // Absolute on the API's public address (an account stores it as its path).
    expect(response.body.url).toMatch(new RegExp(`^${ctx.config.publicApiUrl}/uploads/[\\w-]+\\.png$`));
    expect(response.body.secure_url).toBe(response.body.url);
    const served = await request(http).get(new URL(response.body.url).pathname).expect(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(served.body as Buffer, png)).toBe(0);
  });

  it('refuses what is not an image even when named like one', async () => {
    const client = await browser(http);
    const response = await client.agent
      .post('/home/uploads')
      .set('X-XSRF-TOKEN', client.xsrf!)
      .attach('file', Buffer.from('<svg onload="alert(1)"></svg>'), { filename: 'foto.png', contentType: 'image/png' });
    expect(response.status).toBe(400);
    expect(response.body.errors[0].field).toBe('file');
  });

  it('refuses a file in another field, or two files, naming the field', async () => {
    const client = await browser(http);
    const upload = () => client.agent.post('/home/uploads').set('X-XSRF-TOKEN', client.xsrf!);
    const refusal = { field: 'file', message: 'Envía una sola imagen en el campo file' };
    const otherField = await upload().attach('foto', png, 'foto.png');
    expect(otherField.status).toBe(400);
    expect(otherField.body.errors).toEqual([refusal]);
    const two = await upload().attach('file', png, 'a.png').attach('file', png, 'b.png');
    expect(two.status).toBe(400);
    expect(two.body.errors).toEqual([refusal]);
  });

  it('refuses a file over the size limit with 413', async () => {
    const client = await browser(http);
    const big = Buffer.concat([png, Buffer.alloc(ctx.config.uploads.maxBytes)]);
    const response = await client.agent.post('/home/uploads').set('X-XSRF-TOKEN', client.xsrf!).attach('file', big, 'grande.png');
    expect(response.status).toBe(413);
    expect(response.body.errors[0]).toEqual({ field: 'file', message: 'La imagen es demasiado grande (máximo 2 MB)' });
  });
});
