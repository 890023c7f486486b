import {
  MASKED_EMAIL,
  MASKED_PHONE,
  ORPHAN_UPLOAD_GRACE_HOURS,
  QUEUES,
  type HistoryLine,
  type JobLine,
  type MessageView,
  type OrderView,
} from '@oficios/domain';
import type { App } from 'supertest/types';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ageJobRequestImages, checkout, putInCart, recordsOf } from './factories';
import { BOOKING_NOW as NOW, bookingClock } from './support/bookings';
import { payOrder } from './support/checkout';
import { startConversationsApp } from './support/conversation-parties';
import { eventually } from './support/eventually';
import { registerAccount, type BrowserClient } from './support/http-client';
import { smallPng } from './support/images';
import type { TestContext } from './support/test-app';

// The job request: what the client tells each professional when booking (text and photos), drafted on the cart line,
// carried onto the booking at checkout and opening the booking's conversation.

const clock = bookingClock();

let ctx: TestContext;
let http: App;
let client: BrowserClient;
let clientId: number;
let pro: BrowserClient;
let proId: number;
let otherClient: BrowserClient;
let otherPro: BrowserClient;
let admin: BrowserClient;
let anonymous: BrowserClient;

beforeAll(async () => {
  ({ ctx, http, client, clientId, pro, proId, otherClient, otherPro, admin, anonymous } = await startConversationsApp(clock));
});
afterAll(() => ctx?.close());
afterEach(() => clock.set(NOW));

const REQUEST_TEXT = 'Pierde la canilla de la cocina. Llamame al 11 5555-1234 o escribime a ana@correo.com';

const upload = (who: BrowserClient, files: { buffer: Buffer; name: string }[], field = 'images') => {
  let test = who.agent.post('/api/job-requests/images').set('X-XSRF-TOKEN', who.xsrf!);
  for (const file of files) test = test.attach(field, file.buffer, file.name);
  return test;
};
const uploadedIds = async (who: BrowserClient, count: number): Promise<number[]> => {
  const files = await Promise.all(
    Array.from({ length: count }, async (_, n) => ({ buffer: await smallPng(20 + n, 10), name: `foto${n}.png` })),
  );
  const answer = await upload(who, files);
  expect(answer.status).toBe(201);
  return (answer.body as { id: number }[]).map((image) => image.id);
};
const jobOf = async (lineId: number): Promise<JobLine> => {
  const me = await pro.get('/home/user/me');
  return (me.body.profile.jobs as JobLine[]).find((job) => job.id === lineId)!;
};

describe('the request on the cart line', () => {
  let lineId: number;
  let photoIds: number[];

  beforeAll(async () => {
    lineId = await putInCart(client, proId, ['2026-12-10']);
  });

  it('uploads photos (written again, private) and saves text and photos with the cart', async () => {
    const uploaded = await upload(client, [
      { buffer: await smallPng(), name: 'canilla.png' },
      { buffer: await smallPng(30, 20), name: 'pileta.png' },
    ]);
    expect(uploaded.status).toBe(201);
    photoIds = (uploaded.body as { id: number }[]).map((image) => image.id);
    expect(uploaded.body[0]).toEqual({
      id: photoIds[0],
      url: `${ctx.config.publicApiUrl}/api/job-requests/images/${photoIds[0]}`,
      thumbUrl: `${ctx.config.publicApiUrl}/api/job-requests/images/${photoIds[0]}/thumb`,
    });
    const saved = await client.put(`/api/cart/${lineId}/job-request`, { text: `  ${REQUEST_TEXT}  `, imageIds: photoIds });
    expect(saved.status).toBe(200);
    expect(saved.body.jobRequest).toEqual({ text: REQUEST_TEXT, images: uploaded.body });
    const cart = await client.get('/api/cart');
    expect(cart.body.details[0]).toMatchObject({ id: lineId, jobRequest: { text: REQUEST_TEXT, images: uploaded.body } });
    const photo = await client.get(`/api/job-requests/images/${photoIds[0]}`);
    expect(photo.status).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.headers['cache-control']).toBe('private, max-age=3600');
  });

  it('refuses a text over 2000 characters, a sixth photo, photos that are not the client’s, and leaves the draft as it was', async () => {
    const tooLong = await client.put(`/api/cart/${lineId}/job-request`, { text: 'a'.repeat(2001), imageIds: [] });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors).toEqual([{ field: 'text', message: 'La descripción del trabajo puede tener hasta 2000 caracteres' }]);

    const six = [...photoIds, ...(await uploadedIds(client, 4))];
    const sixth = await client.put(`/api/cart/${lineId}/job-request`, { text: 'Seis fotos', imageIds: six });
    expect(sixth.status).toBe(400);
    expect(sixth.body.errors).toEqual([{ field: 'imageIds', message: 'Podés adjuntar hasta 5 fotos al pedido' }]);

    const [foreign] = await uploadedIds(otherClient, 1);
    const notMine = await client.put(`/api/cart/${lineId}/job-request`, { text: 'Ajena', imageIds: [foreign] });
    expect(notMine.status).toBe(400);
    expect(notMine.body.errors).toEqual([{ field: 'imageIds', message: `La foto ${foreign} no existe o no es tuya` }]);
    const unknown = await client.put(`/api/cart/${lineId}/job-request`, { text: 'Ninguna', imageIds: [999_999] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].message).toBe('La foto 999999 no existe o no es tuya');
    const badIds = await client.put(`/api/cart/${lineId}/job-request`, { text: 'x', imageIds: 'todas' });
    expect(badIds.status).toBe(400);
    expect(badIds.body.errors[0].field).toBe('imageIds');

    const othersLine = await otherClient.put(`/api/cart/${lineId}/job-request`, { text: 'Mía', imageIds: [] });
    expect(othersLine.status).toBe(403);

    const cart = await client.get('/api/cart');
    expect(cart.body.details[0].jobRequest.text).toBe(REQUEST_TEXT);
    expect(cart.body.details[0].jobRequest.images.map((image: { id: number }) => image.id)).toEqual(photoIds);
  });

  it('refuses uploads that are not images, six at once, another field, and from anyone but a client', async () => {
    const fake = await upload(client, [{ buffer: Buffer.from('<html>no soy una foto</html>'), name: 'foto.png' }]);
    expect(fake.status).toBe(400);
    expect(fake.body.errors).toEqual([{ field: 'images', message: 'El archivo no es una imagen PNG, JPEG, GIF o WEBP' }]);
    const png = await smallPng();
    const sixFiles = Array.from({ length: 6 }, (_, n) => ({ buffer: png, name: `f${n}.png` }));
    const six = await upload(client, sixFiles);
    expect(six.status).toBe(400);
    expect(six.body.errors).toEqual([{ field: 'images', message: 'Podés adjuntar hasta 5 fotos al pedido' }]);
    const wrongField = await upload(client, [{ buffer: png, name: 'f.png' }], 'file');
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.errors[0].field).toBe('images');
    expect((await upload(pro, [{ buffer: png, name: 'f.png' }])).status).toBe(403);
  });

  it('keeps the photos from the professional and other people while still a draft', async () => {
    expect((await pro.get(`/api/job-requests/images/${photoIds[0]}`)).status).toBe(403);
    expect((await otherClient.get(`/api/job-requests/images/${photoIds[0]}`)).status).toBe(403);
    expect((await anonymous.get(`/api/job-requests/images/${photoIds[0]}`)).status).toBe(401);
    expect((await admin.get(`/api/job-requests/images/${photoIds[0]}/thumb`)).status).toBe(200);
    expect((await client.get('/api/job-requests/images/999999')).status).toBe(404);
  });

  describe('at checkout', () => {
    let bookingId: number;
    let orderId: number;

    let checkedOut: Awaited<ReturnType<typeof checkout>>;

    beforeAll(async () => {
      checkedOut = await checkout(client);
      [bookingId] = checkedOut.bookingIds;
      orderId = checkedOut.id;
    });

    it("is in the checkout's answer (the summary's lines), as the client wrote it, and again when the summary is asked twice", async () => {
      const expected = {
        text: REQUEST_TEXT,
        images: photoIds.map((id) => ({
          id,
          url: `${ctx.config.publicApiUrl}/api/job-requests/images/${id}`,
          thumbUrl: `${ctx.config.publicApiUrl}/api/job-requests/images/${id}/thumb`,
        })),
      };
      expect(checkedOut.lines[0]!.jobRequest).toEqual(expected);
      // The open order answered again (read back from its bookings) says the same.
      const again = await checkout(client);
      expect(again.id).toBe(orderId);
      expect(again.lines[0]!.jobRequest).toEqual(expected);
    });

    it('is copied onto the booking: the professional sees it beside the dates and the deadline, contacts masked until paid', async () => {
      const job = await jobOf(bookingId);
      expect(job).toMatchObject({ dates: ['2026-12-10'], lineStatus: 'awaiting_payment', responseDueAt: null });
      expect(job.jobRequest!.text).toBe(`Pierde la canilla de la cocina. Llamame al ${MASKED_PHONE} o escribime a ${MASKED_EMAIL}`);
      expect(job.jobRequest!.images.map((image) => image.id)).toEqual(photoIds);
      // The professional's orders list masks them the same way; an administrator reads them as written.
      const line = async (who: BrowserClient) =>
        ((await who.get(`/api/orders/professional/${proId}`)).body as OrderView[])
          .flatMap((order) => order.orderDetails)
          .find((detail) => detail.id === bookingId)!;
      expect((await line(pro)).jobRequest!.text).toBe(job.jobRequest!.text);
      expect((await line(admin)).jobRequest!.text).toBe(REQUEST_TEXT);
      // The client reads its own words as written.
      const history = (await client.get('/home/user/me')).body.profile.shoppingHistory as HistoryLine[];
      const own = history.find((line) => line.id === bookingId)!.jobRequest!;
      expect(own.text).toBe(REQUEST_TEXT);
      // Its photos in the order sent, at the addresses only the client, the professional and administrators may open.
      expect(own.images).toEqual(
        photoIds.map((id) => ({
          id,
          url: `${ctx.config.publicApiUrl}/api/job-requests/images/${id}`,
          thumbUrl: `${ctx.config.publicApiUrl}/api/job-requests/images/${id}/thumb`,
        })),
      );
      expect((await client.get(new URL(own.images[0]!.thumbUrl).pathname)).headers['content-type']).toBe('image/webp');
    });

    it('lets the booked professional and administrators see its photos, nobody else', async () => {
      expect((await pro.get(`/api/job-requests/images/${photoIds[1]}`)).status).toBe(200);
      expect((await pro.get(`/api/job-requests/images/${photoIds[1]}/thumb`)).headers['content-type']).toBe('image/webp');
      expect((await client.get(`/api/job-requests/images/${photoIds[1]}`)).status).toBe(200);
      expect((await admin.get(`/api/job-requests/images/${photoIds[1]}`)).status).toBe(200);
      expect((await otherPro.get(`/api/job-requests/images/${photoIds[1]}`)).status).toBe(403);
      expect((await otherClient.get(`/api/job-requests/images/${photoIds[1]}`)).status).toBe(403);
    });

    it('opens the booking’s conversation as the client’s first message, with its photos', async () => {
      const conversation = await pro.post('/api/conversations', { lineId: bookingId });
      expect(conversation.status).toBeLessThan(300);
      const first = await eventually(async () => {
        const page = await pro.get(`/api/conversations/${conversation.body.id}/messages`);
        const [message] = page.body.items as MessageView[];
        if (!message) throw new Error('no request message yet');
        return message;
      });
      expect(first).toMatchObject({ senderId: clientId, kind: 'text' });
      expect(first.text).toBe(`Pierde la canilla de la cocina. Llamame al ${MASKED_PHONE} o escribime a ${MASKED_EMAIL}`);
      expect(first.images).toHaveLength(2);
      const photo = await pro.get(new URL(first.images[0].url).pathname);
      expect(photo.status).toBe(200);
      expect(photo.headers['content-type']).toBe('image/png');
      expect((await otherPro.get(new URL(first.images[0].url).pathname)).status).toBe(403);
    });

    it('after payment the professional reads the contacts, before "Aceptar", with the answer deadline', async () => {
      await payOrder(http, ctx.db.dataSource, client, orderId);
      const job = await eventually(async () => {
        const paid = await jobOf(bookingId);
        if (paid.lineStatus !== 'awaiting_professional') throw new Error(`still ${paid.lineStatus}`);
        return paid;
      });
      expect(job.responseDueAt).not.toBeNull();
      expect(job.jobRequest!.text).toBe(REQUEST_TEXT);
    });
  });
});

describe('without a request', () => {
  it('checks out as before: the booking has none', async () => {
    const { client: quiet } = await registerAccount(http, 'sin-pedido@conv.test');
    await putInCart(quiet, proId, ['2026-12-17']);
    const order = await checkout(quiet);
    expect(order.lines[0]!.jobRequest).toBeNull();
    const job = await jobOf(order.bookingIds[0]);
    expect(job.jobRequest).toBeNull();
    const [line] = (await quiet.get('/home/user/me')).body.profile.shoppingHistory as HistoryLine[];
    expect(line.jobRequest).toBeNull();
  });
});

describe('photos nothing holds', () => {
  const HOUR = 3_600_000;
  const onDisk = (file: string) => existsSync(join(ctx.config.uploads.privateDir, file));
  const prune = () => ctx.app.get<Queue>(getQueueToken(QUEUES.maintenance), { strict: false }).add('prune-orphan-job-request-images', {});

  it('are deleted, rows and files, once past the grace period; those on a draft or a booking, and recent ones, stay', async () => {
    const { client: owner } = await registerAccount(http, 'fotos-huerfanas@conv.test');
    const [booked, kept, dropped, neverSaved, recent] = await uploadedIds(owner, 5);
    // One photo goes onto a booking, and the cart is emptied after it ('Pagar'): only the booking holds it.
    const bookedLine = await putInCart(owner, proId, ['2026-12-15']);
    expect((await owner.put(`/api/cart/${bookedLine}/job-request`, { text: 'Cambiar el flexible', imageIds: [booked] })).status).toBe(200);
    await checkout(owner);
    expect((await owner.delete('/api/cart')).status).toBe(200);
    // A draft keeps one photo and lets another go.
    const draftLine = await putInCart(owner, proId, ['2026-12-22']);
    expect((await owner.put(`/api/cart/${draftLine}/job-request`, { text: 'Otra cosa', imageIds: [kept, dropped] })).status).toBe(200);
    expect((await owner.put(`/api/cart/${draftLine}/job-request`, { text: 'Otra cosa', imageIds: [kept] })).status).toBe(200);
    const stored = await recordsOf(ctx).jobRequestImages([booked, kept, dropped, neverSaved, recent]);
    const files = new Map(stored.map((image) => [image.id, [image.file, image.thumbFile]]));
    await ageJobRequestImages(ctx.db.dataSource, [booked, kept, dropped, neverSaved], (ORPHAN_UPLOAD_GRACE_HOURS + 1) * HOUR);
    await ageJobRequestImages(ctx.db.dataSource, [recent], (ORPHAN_UPLOAD_GRACE_HOURS - 1) * HOUR);

    // As the scheduler does it: a job on the maintenance queue, run by the app's embedded worker.
    await prune();
    await eventually(async () => {
      const left = await recordsOf(ctx).jobRequestImages([booked, kept, dropped, neverSaved, recent]);
      expect(left.map((image) => image.id)).toEqual([booked, kept, recent]);
    });
    for (const id of [dropped, neverSaved]) for (const file of files.get(id)!) expect([file, onDisk(file)]).toEqual([file, false]);
    for (const id of [booked, kept, recent]) for (const file of files.get(id)!) expect([file, onDisk(file)]).toEqual([file, true]);
    expect((await owner.get(`/api/job-requests/images/${dropped}`)).status).toBe(404);
    expect((await owner.get(`/api/job-requests/images/${booked}`)).status).toBe(200);
    expect((await owner.get(`/api/job-requests/images/${kept}/thumb`)).status).toBe(200);
  });

  it('a photo saved on a draft while the clean-up runs is either kept or refused, never saved and then deleted', async () => {
    const { client: owner } = await registerAccount(http, 'fotos-carrera@conv.test');
    const line = await putInCart(owner, proId, ['2026-12-29']);
    const photos = await uploadedIds(owner, 3);
    await ageJobRequestImages(ctx.db.dataSource, photos, (ORPHAN_UPLOAD_GRACE_HOURS + 1) * HOUR);
    const [saves] = await Promise.all([
      Promise.all(photos.map((photo) => owner.put(`/api/cart/${line}/job-request`, { text: 'Carrera', imageIds: [photo] }))),
      prune(),
    ]);
    for (const answer of saves) expect([200, 400]).toContain(answer.status);
    // Once nothing else runs, a second pass leaves exactly what the draft holds.
    await prune();
    await eventually(async () => {
      const cart = (await owner.get('/api/cart')).body.details as { id: number; jobRequest: { images: { id: number }[] } }[];
      const held = cart.find((detail) => detail.id === line)!.jobRequest.images.map((image) => image.id);
      const left = (await recordsOf(ctx).jobRequestImages(photos)).map((image) => image.id);
      expect(left).toEqual(held);
    });
  });
});
