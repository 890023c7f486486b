import { MASKED_PHONE, type ConversationView, type EventPayload, type MessageView } from '@oficios/domain';
import type { App } from 'supertest/types';
import { LineStatusSystemLineJob, checkout, postedMessages, putInCart, recordsOf } from './factories';
import { BOOKING_NOW as NOW, bookingClock } from './support/bookings';
import { payOrder } from './support/checkout';
import { say, startConversationsApp } from './support/conversation-parties';
import { eventually } from './support/eventually';
import { registerAccount, type BrowserClient } from './support/http-client';
import type { TestContext } from './support/test-app';

const clock = bookingClock();

let ctx: TestContext;
let http: App;
let client: BrowserClient;
let clientId: number;
let pro: BrowserClient;
let proId: number;
let otherClient: BrowserClient;
let otherPro: BrowserClient;
let otherProId: number;
let admin: BrowserClient;
let anonymous: BrowserClient;
/** Ana's inquiry with Juan, opened by the first test. */
let conversationId: number;

beforeAll(async () => {
  ({ ctx, http, client, clientId, pro, proId, otherClient, otherPro, otherProId, admin, anonymous } = await startConversationsApp(clock));
});
afterAll(() => ctx?.close());
afterEach(() => clock.set(NOW));

// Photos, mail when away, the rate limit and the inbox order: conversation-messages.e2e-spec.ts.

describe('an inquiry before booking', () => {
  it('a client opens one with a professional (201), and gets the same one again (200)', async () => {
    const opened = await client.post('/api/conversations', { professionalId: proId });
    expect(opened.status).toBe(201);
    expect(opened.body).toMatchObject({
      client: { id: clientId, firstName: 'Ana', lastName: 'García' },
      professional: { id: proId, firstName: 'Juan', lastName: 'Pérez' },
      lineId: null,
      orderId: null,
      masked: true,
      lastMessage: null,
      unread: 0,
      otherReadUpTo: null,
      reported: false,
    });
    conversationId = opened.body.id;
    const again = await client.post('/api/conversations', { professionalId: proId });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(conversationId);
  });

  it('only clients open inquiries, with a professional that exists', async () => {
    expect((await pro.post('/api/conversations', { professionalId: proId })).status).toBe(403);
    expect((await admin.post('/api/conversations', { professionalId: proId })).status).toBe(403);
    expect((await anonymous.post('/api/conversations', { professionalId: proId })).status).toBe(401);
    const notAProfessional = await client.post('/api/conversations', { professionalId: clientId });
    expect(notAProfessional.status).toBe(404);
    expect(notAProfessional.body.message).toMatch(/No existe el profesional/);
    const both = await client.post('/api/conversations', { professionalId: proId, lineId: 1 });
    expect(both.status).toBe(400);
    expect(both.body.errors[0].message).toMatch(/professionalId .* o lineId/);
  });

  it('phone numbers and e-mails are masked in both directions until the pair has a paid booking', async () => {
    const asked = await say(client, conversationId, '¿Puede venir a ver una pérdida? Mi cel: 11 5555-1234, sale $ 12.000?');
    expect(asked.text).toBe(`¿Puede venir a ver una pérdida? Mi cel: ${MASKED_PHONE}, sale $ 12.000?`);
    const answered = await say(pro, conversationId, 'Sí, escribime a juan@plomeria.com');
    expect(answered.text).toBe('Sí, escribime a [correo oculto]');
    const page = await client.get(`/api/conversations/${conversationId}/messages`);
    expect(page.body.items.map((m: MessageView) => m.text)).toEqual([asked.text, answered.text]);
    // Stored as written: the database keeps the real text (unmasked after payment).
    const { text } = await recordsOf(ctx).message(asked.id);
    expect(text).toContain('11 5555-1234');
  });

  it('texts are plain, 1 to 2000 characters, with Spanish refusals', async () => {
    const stripped = await say(client, conversationId, '  <b>Hola</b> <script>x</script>de nuevo ');
    expect(stripped.text).toBe('Hola xde nuevo');
    const empty = await client.post(`/api/conversations/${conversationId}/messages`, { text: ' <p></p> ' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual([{ field: 'text', message: 'Escribe un mensaje' }]);
    const long = await client.post(`/api/conversations/${conversationId}/messages`, { text: 'a'.repeat(2001) });
    expect(long.status).toBe(400);
    expect(long.body.errors[0]).toEqual({ field: 'text', message: 'El mensaje puede tener hasta 2000 caracteres' });
  });

  it('unread counts, read marks ("Visto") and the inbox', async () => {
    const unread = (await pro.get('/api/conversations/unread')).body.total as number;
    expect(unread).toBe(2); // Ana's two messages
    const inbox = await pro.get('/api/conversations');
    expect(inbox.status).toBe(200);
    expect(inbox.body).toHaveLength(1);
    expect(inbox.body[0]).toMatchObject({ id: conversationId, unread: 2, lastMessage: { text: 'Hola xde nuevo' } });
    const last = inbox.body[0].lastMessage.id as number;
    const read = await pro.post(`/api/conversations/${conversationId}/read`, { upTo: last });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ conversationId, readerId: proId, upTo: last });
    expect((await pro.get('/api/conversations/unread')).body).toEqual({ total: 0 });
    expect((await client.get(`/api/conversations/${conversationId}`)).body).toMatchObject({ otherReadUpTo: last, unread: 1 });
    // A mark never moves back, nor past the last message.
    expect((await pro.post(`/api/conversations/${conversationId}/read`, { upTo: 1 })).body.upTo).toBe(last);
    expect((await pro.post(`/api/conversations/${conversationId}/read`, { upTo: 999_999 })).body.upTo).toBe(last);
    // Others' inboxes do not show it.
    expect((await otherPro.get('/api/conversations')).body).toEqual([]);
    expect((await admin.get('/api/conversations')).body).toEqual([]);
    expect((await admin.get('/api/conversations/unread')).body).toEqual({ total: 0 });
  });

  it('nobody else reads or writes it', async () => {
    const routes: [BrowserClient, number][] = [
      [otherClient, 403],
      [otherPro, 403],
      [admin, 403], // not reported, no dispute
      [anonymous, 401],
    ];
    for (const [who, status] of routes) {
      expect((await who.get(`/api/conversations/${conversationId}`)).status).toBe(status);
      expect((await who.get(`/api/conversations/${conversationId}/messages`)).status).toBe(status);
      expect((await who.post(`/api/conversations/${conversationId}/messages`, { text: 'hola' })).status).toBe(status);
      expect((await who.post(`/api/conversations/${conversationId}/read`, { upTo: 1 })).status).toBe(status);
      expect((await who.post(`/api/conversations/${conversationId}/report`, {})).status).toBe(status);
    }
    expect((await client.get('/api/conversations/999999')).status).toBe(404);
    expect((await client.get('/api/conversations/abc')).status).toBe(400);
  });
});

describe('pages of messages', () => {
  let id: number;
  let ids: number[];
  let pagingClient: BrowserClient;
  beforeAll(async () => {
    let pagingClientId: number;
    ({ client: pagingClient, id: pagingClientId } = await registerAccount(http, 'paginas@conv.test'));
    id = (await pagingClient.post('/api/conversations', { professionalId: otherProId })).body.id;
    ids = await postedMessages(
      ctx.app,
      id,
      pagingClientId,
      Array.from({ length: 65 }, (_, n) => `Mensaje ${n + 1}`),
    );
  });

  it('the newest 30, ascending, then 30 older at a time (before), and everything newer (after)', async () => {
    const newest = await pagingClient.get(`/api/conversations/${id}/messages`);
    expect(newest.body.items.map((m: MessageView) => m.id)).toEqual(ids.slice(35));
    expect(newest.body.hasMore).toBe(true);
    const older = await pagingClient.get(`/api/conversations/${id}/messages?before=${ids[35]}`);
    expect(older.body.items.map((m: MessageView) => m.id)).toEqual(ids.slice(5, 35));
    expect(older.body.hasMore).toBe(true);
    const oldest = await pagingClient.get(`/api/conversations/${id}/messages?before=${ids[5]}`);
    expect(oldest.body).toMatchObject({ hasMore: false });
    expect(oldest.body.items.map((m: MessageView) => m.text)).toEqual(['Mensaje 1', 'Mensaje 2', 'Mensaje 3', 'Mensaje 4', 'Mensaje 5']);
    const after = await pagingClient.get(`/api/conversations/${id}/messages?after=${ids[59]}`);
    expect(after.body).toMatchObject({ hasMore: false });
    expect(after.body.items.map((m: MessageView) => m.id)).toEqual(ids.slice(60));
    const cut = await pagingClient.get(`/api/conversations/${id}/messages?after=${ids[0]}&limit=10`);
    expect(cut.body.items.map((m: MessageView) => m.id)).toEqual(ids.slice(1, 11));
    expect(cut.body.hasMore).toBe(true);
  });

  it('refuses a bad limit or both cursors', async () => {
    expect((await pagingClient.get(`/api/conversations/${id}/messages?limit=51`)).body.errors[0].field).toBe('limit');
    expect((await pagingClient.get(`/api/conversations/${id}/messages?before=5&after=2`)).status).toBe(400);
  });
});

describe('reports and the administrators', () => {
  it('a participant reports the conversation; administrators then read it, texts as written', async () => {
    const reported = await client.post(`/api/conversations/${conversationId}/report`, { reason: 'Me pidió pagar por fuera' });
    expect(reported.status).toBe(201);
    expect(reported.body).toEqual({ reported: true });
    const list = await admin.get('/api/admin/conversations');
    expect(list.status).toBe(200);
    expect(list.body.map((c: ConversationView) => c.id)).toContain(conversationId);
    const messages = await admin.get(`/api/admin/conversations/${conversationId}/messages`);
    expect(messages.status).toBe(200);
    expect(messages.body.items[0].text).toContain('11 5555-1234');
    expect((await admin.get(`/api/conversations/${conversationId}`)).body).toMatchObject({ reported: true, unread: 0 });
    // Administrators read; they do not write.
    expect((await admin.post(`/api/conversations/${conversationId}/messages`, { text: 'Hola' })).status).toBe(403);
    for (const who of [client, pro, otherClient]) expect((await who.get('/api/admin/conversations')).status).toBe(403);
  });
});

describe('a thread per booking', () => {
  let lineId: number;
  let orderId: number;

  it('paying makes the inquiry the booking’s thread: earlier messages, the system line, and numbers unmasked', async () => {
    await putInCart(client, proId, ['2026-12-10']);
    const created = await checkout(client);
    orderId = created.id;
    [lineId] = created.bookingIds;
    await payOrder(http, ctx.db.dataSource, client, orderId);
    const thread = await eventually(async () => {
      const page = await client.get(`/api/conversations/${conversationId}/messages`);
      const system = page.body.items.find((m: MessageView) => m.kind === 'system');
      if (!system) throw new Error('no system line yet');
      return page.body.items as MessageView[];
    });
    expect(thread.at(-1)).toMatchObject({ kind: 'system', senderId: null, text: 'Reserva pagada' });
    expect(thread[0].text).toContain('11 5555-1234');
    expect(thread[1].text).toBe('Sí, escribime a juan@plomeria.com');
    const view = (await client.get(`/api/conversations/${conversationId}`)).body;
    expect(view).toMatchObject({ id: conversationId, lineId, orderId, masked: false });
  });

  it('POST {lineId} answers the booking’s thread to its client and professional only', async () => {
    const byClient = await client.post('/api/conversations', { lineId });
    expect(byClient.status).toBe(200);
    expect(byClient.body.id).toBe(conversationId);
    expect((await pro.post('/api/conversations', { lineId })).body.id).toBe(conversationId);
    expect((await otherClient.post('/api/conversations', { lineId })).status).toBe(403);
    expect((await otherPro.post('/api/conversations', { lineId })).status).toBe(403);
    expect((await admin.post('/api/conversations', { lineId })).status).toBe(403);
    expect((await client.post('/api/conversations', { lineId: 999_999 })).status).toBe(404);
    // A new inquiry after booking goes to the pair's latest thread.
    expect((await client.post('/api/conversations', { professionalId: proId })).body.id).toBe(conversationId);
  });

  it('every move of the booking is a system line, once per event', async () => {
    expect((await pro.post(`/api/bookings/${lineId}/accept`, {})).status).toBe(200);
    await eventually(async () => {
      const texts = (await pro.get(`/api/conversations/${conversationId}/messages`)).body.items.map((m: MessageView) => m.text);
      return texts.at(-1) === 'El profesional aceptó la reserva';
    });
    // The event delivered again (a retried job) adds nothing.
    const [event] = await recordsOf(ctx).outboxEvents('BookingStatusChanged', { event: 'accepted', lineId });
    await ctx.app
      .get(LineStatusSystemLineJob)
      .handle({ eventId: event.id, payload: event.payload as EventPayload<'BookingStatusChanged'> });
    const count = (await recordsOf(ctx).messages({ conversationId, kind: 'system' })).length;
    expect(count).toBe(2);
  });

  it('a cancellation and its refund are told in the thread, with the amount', async () => {
    expect((await pro.post(`/api/bookings/${lineId}/cancel`, {})).status).toBe(200);
    const texts = await eventually(async () => {
      const items = (await client.get(`/api/conversations/${conversationId}/messages`)).body.items.map((m: MessageView) => m.text);
      if (!items.includes('Reembolso de $ 10.000')) throw new Error(`no refund line yet: ${items.join(' | ')}`);
      return items as string[];
    });
    expect(texts.slice(-2)).toEqual(['Reserva cancelada', 'Reembolso de $ 10.000']);
  });

  it('a booking without an earlier inquiry gets a thread of its own, which its professional may open first', async () => {
    const { client: newcomer, id: newcomerId } = await registerAccount(http, 'nueva@conv.test');
    await putInCart(newcomer, proId, ['2026-12-11']);
    const {
      id: order,
      bookingIds: [line],
    } = await checkout(newcomer);
    const opened = await pro.post('/api/conversations', { lineId: line });
    expect(opened.status).toBe(201);
    expect(opened.body).toMatchObject({ lineId: line, orderId: order, client: { id: newcomerId }, masked: true });
  });
});
