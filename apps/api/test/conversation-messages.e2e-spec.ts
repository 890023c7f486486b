import { getQueueToken } from '@nestjs/bullmq';
import { QUEUES, messageMailJobId, type ConversationView } from '@oficios/domain';
import type { Queue } from 'bullmq';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import type { App } from 'supertest/types';
import { MessageMailJob } from '../src/modules/conversations/message-mail';
import { BOOKING_NOW as NOW, bookingClock } from './support/bookings';
import { say, startConversationsApp } from './support/conversation-parties';
import { registerAccount, type BrowserClient } from './support/http-client';
import { animatedGif, carriesHidden, tamperedGif } from './support/images';
import { mailsTo } from './support/mail-outbox';
import type { TestContext } from './support/test-app';

// A conversation's messages beyond text: photos, the mail to a recipient who is away, the rate limit, the inbox order
// (the inquiry, its pages, reports and booking threads: conversations.e2e-spec.ts).

const clock = bookingClock();

let ctx: TestContext;
let http: App;
let pro: BrowserClient;
let proId: number;
let otherClient: BrowserClient;
let otherPro: BrowserClient;
let otherProId: number;
let admin: BrowserClient;

beforeAll(async () => {
  ({ ctx, http, pro, proId, otherClient, otherPro, otherProId, admin } = await startConversationsApp(clock));
});
afterAll(() => ctx?.close());
afterEach(() => clock.set(NOW));

const conversationQueue = () => ctx.app.get<Queue>(getQueueToken(QUEUES.conversations), { strict: false });
const png = (width = 400, height = 300) =>
  sharp({ create: { width, height, channels: 3, background: '#3366ff' } })
    .png()
    .toBuffer();
const postImages = (who: BrowserClient, id: number, text: string | null, files: { buffer: Buffer; name: string }[], field = 'images') => {
  let test = who.agent.post(`/api/conversations/${id}/messages`).set('X-XSRF-TOKEN', who.xsrf!);
  if (text !== null) test = test.field('text', text);
  for (const file of files) test = test.attach(field, file.buffer, file.name);
  return test;
};
/** A new client's inquiry with a professional (Juan unless said): the client and the conversation's id. */
const newInquiry = async (email: string, professionalId = proId): Promise<{ client: BrowserClient; id: number }> => {
  const { client } = await registerAccount(http, email);
  const id = (await client.post('/api/conversations', { professionalId })).body.id as number;
  return { client, id };
};

describe('photos', () => {
  let id: number;
  let photoClient: BrowserClient;
  beforeAll(async () => {
    ({ client: photoClient, id } = await newInquiry('fotos@conv.test'));
  });

  it('up to 5 per message, with a thumbnail, served only to the participants with Cache-Control private', async () => {
    const sent = await postImages(photoClient, id, 'Así está la pileta', [
      { buffer: await png(), name: 'pileta.png' },
      { buffer: await png(3000, 100), name: 'caño.png' },
    ]);
    expect(sent.status).toBe(201);
    expect(sent.body.images).toHaveLength(2);
    const [first, second] = sent.body.images as { id: number; url: string; thumbUrl: string }[];
    expect(first.url).toBe(`${ctx.config.publicApiUrl}/api/conversations/images/${first.id}`);
    expect(first.thumbUrl).toBe(`${first.url}/thumb`);
    const full = await pro.get(new URL(first.url).pathname);
    expect(full.status).toBe(200);
    expect(full.headers['content-type']).toBe('image/png');
    expect(full.headers['cache-control']).toBe('private, max-age=3600');
    expect((await sharp(full.body as Buffer).metadata()).width).toBe(400);
    const thumb = await pro.get(new URL(second.thumbUrl).pathname);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const thumbSize = await sharp(thumb.body as Buffer).metadata();
    expect(Math.max(thumbSize.width!, thumbSize.height!)).toBe(320);
    // A large photo is stored scaled down.
    expect((await sharp((await photoClient.get(new URL(second.url).pathname)).body as Buffer).metadata()).width).toBe(2048);
    // Never public: not under /uploads, refused to a third user, to a signed-out visitor, and to an administrator of an unreported thread.
    expect(readdirSync(ctx.config.uploads.privateDir).length).toBe(4);
    expect(existsSync(ctx.config.uploads.dir) ? readdirSync(ctx.config.uploads.dir) : []).toEqual([]);
    expect((await otherClient.get(new URL(first.url).pathname)).status).toBe(403);
    expect((await otherPro.get(new URL(first.thumbUrl).pathname)).status).toBe(403);
    expect((await admin.get(new URL(first.url).pathname)).status).toBe(403);
    expect((await request(http).get(new URL(first.url).pathname)).status).toBe(401);
    expect((await photoClient.get('/api/conversations/images/999999')).status).toBe(404);
  });

  it('a GIF is written again like the other photos: still animated, without its extensions or the bytes after its end, with a thumbnail', async () => {
    const upload = tamperedGif(await animatedGif(60, 40, 2));
    expect(carriesHidden(upload)).toBe(true);
    const sent = await postImages(photoClient, id, 'Así gotea', [{ buffer: upload, name: 'gotea.gif' }]);
    expect(sent.status).toBe(201);
    const [image] = sent.body.images as { id: number; url: string; thumbUrl: string }[];
    const full = await pro.get(new URL(image.url).pathname);
    expect(full.headers['content-type']).toBe('image/gif');
    const served = full.body as Buffer;
    expect(carriesHidden(served)).toBe(false);
    expect(served.at(-1)).toBe(0x3b);
    expect(await sharp(served, { animated: true }).metadata()).toMatchObject({ format: 'gif', width: 60, pageHeight: 40, pages: 2 });
    const stored = readdirSync(ctx.config.uploads.privateDir).filter((file) => file.endsWith('.gif'));
    expect(stored.map((file) => carriesHidden(readFileSync(join(ctx.config.uploads.privateDir, file))))).not.toContain(true);
    const thumb = await pro.get(new URL(image.thumbUrl).pathname);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(await sharp(thumb.body as Buffer).metadata()).toMatchObject({ format: 'webp', width: 60, height: 40 });
  });

  it('passes the text of a message with photos through the same input edge: a control character is refused', async () => {
    const before = readdirSync(ctx.config.uploads.privateDir).length;
    const sent = await postImages(photoClient, id, 'mir\u0000á', [{ buffer: await png(), name: 'a.png' }]);
    expect(sent.status).toBe(400);
    expect(sent.body.errors).toEqual([{ field: 'text', message: 'text contiene caracteres de control no permitidos' }]);
    expect(readdirSync(ctx.config.uploads.privateDir).length).toBe(before);
  });

  it('a message with photos needs no text', async () => {
    const sent = await postImages(photoClient, id, null, [{ buffer: await png(), name: 'a.png' }]);
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ text: '', kind: 'text' });
  });

  it('refuses what is not an image, more than 5, and files over UPLOAD_MAX_BYTES, storing nothing', async () => {
    const before = readdirSync(ctx.config.uploads.privateDir).length;
    const fake = await postImages(photoClient, id, 'mirá', [
      { buffer: await png(), name: 'ok.png' },
      { buffer: Buffer.from('<svg onload="alert(1)"></svg>'), name: 'foto.png' },
    ]);
    expect(fake.status).toBe(400);
    expect(fake.body.errors).toEqual([{ field: 'images', message: 'El archivo no es una imagen PNG, JPEG, GIF o WEBP' }]);
    const six = await postImages(
      photoClient,
      id,
      'muchas',
      await Promise.all([1, 2, 3, 4, 5, 6].map(async (n) => ({ buffer: await png(20, 20), name: `${n}.png` }))),
    );
    expect(six.status).toBe(400);
    expect(six.body.errors[0]).toEqual({ field: 'images', message: 'Adjunta hasta 5 imágenes en el campo images' });
    const huge = await postImages(photoClient, id, 'grande', [
      { buffer: Buffer.concat([await png(), Buffer.alloc(ctx.config.uploads.maxBytes)]), name: 'g.png' },
    ]);
    expect(huge.status).toBe(413);
    expect(huge.body.errors[0].field).toBe('images');
    expect(readdirSync(ctx.config.uploads.privateDir).length).toBe(before);
  });
});

describe('mail when the recipient is away', () => {
  let id: number;
  let mailClient: BrowserClient;
  beforeAll(async () => {
    ({ client: mailClient, id } = await newInquiry('correo@conv.test'));
  });
  const mailJobs = async () => (await conversationQueue().getDelayed()).filter((job) => job.data.conversationId === id);

  it('a burst of messages makes one delayed mail per delay window; the mail says how many are unread', async () => {
    clock.set(new Date('2026-12-01T15:00:00Z'));
    await say(mailClient, id, 'Hola, ¿estás? Mi número 11 5555-1234');
    await say(mailClient, id, '¿Me contestás?');
    const jobs = await mailJobs();
    expect(jobs.map((job) => job.id)).toEqual([messageMailJobId(id, proId, Math.floor(clock.now().getTime() / 600_000))]);
    expect(jobs[0].opts.delay).toBe(600_000);
    // Ten minutes later (the app's clock moved) another message opens the next window's job.
    clock.set(new Date('2026-12-01T15:10:00Z'));
    await say(mailClient, id, '¿Hola?');
    expect(await mailJobs()).toHaveLength(2);
    // The job runs (here by hand: no waiting): the professional has not read, so one mail tells of the 3 messages.
    const before = mailsTo(ctx.config.mail.outboxDir, 'juan@conv.test').length;
    await ctx.app.get(MessageMailJob).handle(jobs[0].data);
    const mails = mailsTo(ctx.config.mail.outboxDir, 'juan@conv.test');
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)).toContain('Tienes 3 mensajes nuevos de Rol Prueba');
    expect(mails.at(-1)).toContain(`/mensajes/${id}`);
    expect(mails.at(-1)).not.toContain('5555');
  });

  it('reading removes the pending mail, and a job that runs after the reading sends nothing', async () => {
    const [pending] = await mailJobs();
    const last = (await pro.get(`/api/conversations/${id}/messages`)).body.items.at(-1).id as number;
    clock.set(new Date('2026-12-01T15:12:00Z'));
    expect((await pro.post(`/api/conversations/${id}/read`, { upTo: last })).status).toBe(200);
    expect(await mailJobs()).toEqual([]);
    const before = mailsTo(ctx.config.mail.outboxDir, 'juan@conv.test').length;
    await ctx.app.get(MessageMailJob).handle(pending.data);
    expect(mailsTo(ctx.config.mail.outboxDir, 'juan@conv.test')).toHaveLength(before);
  });
});

describe('rate limit', () => {
  it('a user sending faster than MESSAGE_RATE_LIMIT gets 429 with a Spanish message', async () => {
    const { client: fast, id } = await newInquiry('rapida@conv.test');
    for (let n = 1; n <= 8; n++) await say(fast, id, `Mensaje ${n}`);
    const refused = await fast.post(`/api/conversations/${id}/messages`, { text: 'Uno más' });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      code: 'too_many_requests',
      message: expect.stringMatching(/^Estás enviando mensajes muy rápido/),
    });
    expect(refused.body.retryAfter).toBeGreaterThan(0);
    // Per user: the professional still answers.
    await say(pro, id, 'Te leo');
  });
});

describe('the inbox order', () => {
  it('a message moves its conversation to the top, with the message time as its updatedAt', async () => {
    const { client: first, id: older } = await newInquiry('primero@conv.test', otherProId);
    const { client: second, id: newer } = await newInquiry('segundo@conv.test', otherProId);
    await say(first, older, 'Hola');
    await say(second, newer, 'Hola');
    const inboxOf = async () => (await otherPro.get('/api/conversations')).body as ConversationView[];
    expect((await inboxOf()).slice(0, 2).map((c) => c.id)).toEqual([newer, older]);
    const sent = await say(first, older, 'Sigo esperando');
    const inbox = await inboxOf();
    expect(inbox.slice(0, 2).map((c) => c.id)).toEqual([older, newer]);
    expect(inbox[0]).toMatchObject({ updatedAt: sent.createdAt, lastMessage: { id: sent.id }, unread: 2 });
  });
});
