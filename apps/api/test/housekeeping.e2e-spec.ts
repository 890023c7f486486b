import { getQueueToken } from '@nestjs/bullmq';
import { ORPHAN_UPLOAD_GRACE_HOURS, QUEUES } from '@oficios/domain';
import type { Queue } from 'bullmq';
import { existsSync, readdirSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import type { App } from 'supertest/types';
import { idempotencyKeysMadeAgo, recordsOf, sessionsEndedAt } from './factories';
import { eventually } from './support/eventually';
import { browser, type BrowserClient } from './support/http-client';
import { smallPng } from './support/images';
import { startTestApp, type TestContext } from './support/test-app';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let ctx: TestContext;
let http: App;
let maintenance: Queue;

beforeAll(async () => {
  ctx = await startTestApp({ professionals: 1 });
  http = ctx.app.getHttpServer();
  maintenance = ctx.app.get<Queue>(getQueueToken(QUEUES.maintenance));
});
afterAll(() => ctx?.close());

async function upload(client: BrowserClient): Promise<string> {
  const response = await client.agent
    .post('/home/uploads')
    .set('X-XSRF-TOKEN', client.xsrf!)
    .attach('file', await smallPng(), 'foto.png');
  expect(response.status).toBe(201);
  // The path of the answered (absolute) address, as accounts store it.
  return new URL(response.body.url as string).pathname;
}

/** Makes an uploaded file look `hours` old. */
function age(url: string, hours: number): void {
  const when = new Date(Date.now() - hours * 3_600_000);
  utimesSync(join(ctx.config.uploads.dir, url.replace('/uploads/', '')), when, when);
}

const stored = (url: string) => existsSync(join(ctx.config.uploads.dir, url.replace('/uploads/', '')));

describe('scheduled housekeeping', () => {
  it('schedules each clean-up once on the maintenance queue, every HOUSEKEEPING_EVERY_MS', async () => {
    // Scheduled right after start, without holding the start up.
    const schedulers = await eventually(async () => {
      const found = await maintenance.getJobSchedulers();
      expect(found.map((s) => s.key).sort()).toEqual([
        'prune-expired-sessions',
        'prune-idempotency-keys',
        'prune-orphan-job-request-images',
        'prune-orphan-uploads',
      ]);
      return found;
    });
    for (const scheduler of schedulers) expect(Number(scheduler.every)).toBe(ctx.config.housekeeping.everyMs);
  });

  it('deletes uploads nobody points to once older than the grace period, and keeps the others', async () => {
    const client = await browser(http);
    const [picture, oldOrphan, freshOrphan, absolutePicture] = [
      await upload(client),
      await upload(client),
      await upload(client),
      await upload(client),
    ];
    const register = (email: string, profileImg: string) =>
      client.post('/home/user/register', {
        firstName: 'Con',
        lastName: 'Foto',
        email,
        password: 'clave-segura-1',
        phoneNumber: '1155556666',
        address: 'Calle 1',
        isClient: true,
        profileImg,
      });
    expect((await register('foto@housekeeping.test', picture)).status).toBe(201);
    // A picture saved with an absolute (https) URL of the API counts as well.
    expect(
      (
        await (
          await browser(http)
        ).post('/home/user/register', {
          firstName: 'Otra',
          lastName: 'Foto',
          email: 'absoluta@housekeeping.test',
          password: 'clave-segura-1',
          phoneNumber: '1155556666',
          address: 'Calle 1',
          isClient: true,
          profileImg: `https://api.oficios.example${absolutePicture}`,
        })
      ).status,
    ).toBe(201);
    for (const url of [picture, oldOrphan, absolutePicture]) age(url, ORPHAN_UPLOAD_GRACE_HOURS + 1);
    age(freshOrphan, ORPHAN_UPLOAD_GRACE_HOURS - 1);

    // As the scheduler does it: a job on the maintenance queue, run by the app's embedded worker.
    await maintenance.add('prune-orphan-uploads', {});
    await eventually(() => !stored(oldOrphan));
    expect(stored(picture)).toBe(true);
    expect(stored(absolutePicture)).toBe(true);
    expect(stored(freshOrphan)).toBe(true);
    expect(readdirSync(ctx.config.uploads.dir)).toHaveLength(3);
  });

  it('deletes sessions that ended more than a day ago, and keeps live and recent ones', async () => {
    const userId = await recordsOf(ctx).administratorId();
    const ids = await sessionsEndedAt(ctx.db.dataSource, userId, [
      { expiresInMs: -2 * DAY },
      { expiresInMs: 5 * DAY, revokedInMs: -2 * DAY },
      { expiresInMs: 5 * DAY },
      { expiresInMs: 5 * DAY, revokedInMs: -HOUR },
    ]);
    await maintenance.add('prune-expired-sessions', {});
    await eventually(async () => {
      const left = await recordsOf(ctx).sessions(ids);
      expect(left.map((row) => row.id).sort()).toEqual([ids[2], ids[3]].sort());
    });
  });
});

describe('stored Idempotency-Key answers', () => {
  it('are deleted for every user once older than a day', async () => {
    const userId = await recordsOf(ctx).administratorId();
    await idempotencyKeysMadeAgo(ctx.db.dataSource, userId, [
      { scope: 'POST /api/orders', key: 'vieja', ageMs: 25 * HOUR },
      { scope: 'POST /api/orders', key: 'nueva', ageMs: 23 * HOUR },
    ]);
    await maintenance.add('prune-idempotency-keys', {});
    await eventually(async () => {
      const keys = await recordsOf(ctx).idempotencyKeys({ userId });
      expect(keys.map((row) => row.key)).toEqual(['nueva']);
    });
  });
});

describe('immutable public responses', () => {
  it('set no cookie, so shared caches may keep them', async () => {
    const avatar = await request(http).get('/avatars/AO-200.svg');
    expect(avatar.status).toBe(200);
    expect(avatar.headers['cache-control']).toContain('immutable');
    expect(avatar.headers['set-cookie']).toBeUndefined();

    const url = await upload(await browser(http));
    const image = await request(http).get(url);
    expect(image.status).toBe(200);
    expect(image.headers['cache-control']).toContain('immutable');
    expect(image.headers['set-cookie']).toBeUndefined();

    // Pages that are not immutable still hand out the anti-forgery cookie.
    expect(String((await request(http).get('/health')).headers['set-cookie'])).toContain('XSRF-TOKEN=');
  });
});

describe("the public catalogue's answers", () => {
  it('set no cookie, so shared caches may keep them; the next answer of any other kind hands out the anti-forgery one', async () => {
    const id = await recordsOf(ctx).firstProfessionalId();
    const client = await browser(http);
    for (const path of [
      '/home/professions',
      '/home/professionals',
      '/home/professionals?page=1&pageSize=8&sort=rating&order=desc',
      `/home/professionals/${id}`,
      `/home/professionals/${id}/availability`,
      '/home?search=a',
    ]) {
      // A first visit (no cookie at all) as much as a browser that already has one.
      const anonymous = await request(http).get(path);
      expect([path, anonymous.status, anonymous.headers['set-cookie']]).toEqual([path, 200, undefined]);
      const known = await client.get(path);
      expect([path, known.status, known.headers['set-cookie']]).toEqual([path, 200, undefined]);
    }
    // What the SPA asks on every page does hand it out: a visitor who saw only the catalogue can then sign in.
    const visitor = request.agent(http);
    await visitor.get('/home/professionals').expect(200);
    const me = await visitor.get('/home/user/me');
    const xsrf = /XSRF-TOKEN=([^;]*)/.exec(String(me.headers['set-cookie']))![1];
    const login = await visitor
      .post('/home/user/login')
      .set('X-XSRF-TOKEN', decodeURIComponent(xsrf))
      .send({ email: 'nadie@example.com', password: 'x', google: false });
    expect(login.status).not.toBe(403);
  });
});
