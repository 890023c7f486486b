import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import type { App } from 'supertest/types';
import { browser, type BrowserClient } from './support/http-client';
import { animatedGif, carriesHidden, smallPng, tamperedGif, tamperedPng } from './support/images';
import { startTestApp, type TestContext } from './support/test-app';

let ctx: TestContext;
let http: App;

beforeAll(async () => {
  ctx = await startTestApp({ professionals: 1 });
  http = ctx.app.getHttpServer();
});
afterAll(() => ctx?.close());

describe('image upload', () => {
  let png: Buffer;
  beforeAll(async () => {
    png = await smallPng(12, 8);
  });
  const uploadAs = (client: BrowserClient, file: Buffer, filename: string) =>
    client.agent.post('/home/uploads').set('X-XSRF-TOKEN', client.xsrf!).attach('file', file, { filename, contentType: 'text/plain' });
  /** The served bytes of an answered upload, checked to be those stored. */
  const servedOf = async (url: string, type: string): Promise<Buffer> => {
    const served = await request(http).get(new URL(url).pathname).expect(200);
    expect(served.headers['content-type']).toBe(type);
    const bytes = served.body as Buffer;
    expect(Buffer.compare(bytes, readFileSync(join(ctx.config.uploads.dir, new URL(url).pathname.replace('/uploads/', ''))))).toBe(0);
    return bytes;
  };

  it('stores an image and serves it back', async () => {
    const client = await browser(http);
    const response = await uploadAs(client, png, 'foto.txt');
    expect(response.status).toBe(201);
    // Absolute on the API's public address (an account stores it as its path).
    expect(response.body.url).toMatch(new RegExp(`^${ctx.config.publicApiUrl}/uploads/[\\w-]+\\.png$`));
    expect(response.body.secure_url).toBe(response.body.url);
    const served = await servedOf(response.body.url, 'image/png');
    expect(await sharp(served).metadata()).toMatchObject({ format: 'png', width: 12, height: 8 });
  });

  it('stores a PNG written again: without its metadata or the bytes after its end', async () => {
    const upload = await tamperedPng();
    expect(carriesHidden(upload)).toBe(true);
    const response = await uploadAs(await browser(http), upload, 'foto.png');
    expect(response.status).toBe(201);
    const served = await servedOf(response.body.url, 'image/png');
    expect(carriesHidden(served)).toBe(false);
    expect(served.subarray(-8).toString('latin1')).toBe('IEND\xaeB`\x82');
    const metadata = await sharp(served).metadata();
    expect(metadata).toMatchObject({ format: 'png', width: 12, height: 8 });
    expect(metadata.exif).toBeUndefined();
  });

  it('stores a GIF written again: still animated, without its comment and application extensions or the bytes after its end', async () => {
    const upload = tamperedGif(await animatedGif(40, 30, 3));
    // What is uploaded is a GIF that opens, animation, hidden parts and all.
    expect(await sharp(upload, { animated: true }).metadata()).toMatchObject({ format: 'gif', pages: 3 });
    expect(carriesHidden(upload)).toBe(true);
    const response = await uploadAs(await browser(http), upload, 'anim.gif');
    expect(response.status).toBe(201);
    expect(response.body.url).toMatch(/\.gif$/);
    const served = await servedOf(response.body.url, 'image/gif');
    expect(carriesHidden(served)).toBe(false);
    expect(served.subarray(0, 6).toString('latin1')).toBe('GIF89a');
    expect(served.at(-1)).toBe(0x3b);
    expect(await sharp(served, { animated: true }).metadata()).toMatchObject({
      format: 'gif',
      width: 40,
      pageHeight: 30,
      pages: 3,
      delay: [100, 200, 300],
      loop: 0,
    });
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

  it('refuses an animation too large to write again (all its frames together), storing nothing', async () => {
    const upload = await animatedGif(1000, 1000, 13);
    expect(upload.length).toBeLessThan(ctx.config.uploads.maxBytes);
    expect((await sharp(upload, { animated: true }).metadata()).pages).toBe(13);
    const stored = () => (existsSync(ctx.config.uploads.dir) ? readdirSync(ctx.config.uploads.dir) : []);
    const before = stored().length;
    const response = await uploadAs(await browser(http), upload, 'larga.gif');
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([{ field: 'file', message: 'La animación es demasiado grande: envía una más corta o más chica' }]);
    expect(stored()).toHaveLength(before);
  });

  it('refuses a file that only starts like an image: a GIF header before an HTML page', async () => {
    const response = await uploadAs(await browser(http), Buffer.from(`GIF89a<html><script>alert(1)</script></html>`), 'foto.gif');
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([{ field: 'file', message: 'El archivo no es una imagen PNG, JPEG, GIF o WEBP' }]);
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
