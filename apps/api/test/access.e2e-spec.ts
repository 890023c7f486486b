import sharp from 'sharp';
import request from 'supertest';
import type { App } from 'supertest/types';
import { catalogueWrites } from './factories';
import { browser, registerAccount, type BrowserClient } from './support/http-client';
import { listRoutes } from './support/routes';
import { connectSocket, socketCredentials, type TestSocket } from './support/sockets';
import { startTestApp, TEST_ADMIN, type TestContext } from './support/test-app';

let ctx: TestContext;
let http: App;
const actors: Record<'anonymous' | 'owner' | 'otherClient' | 'professional' | 'admin', BrowserClient> = {} as never;
let ownerId: number;
let ownerCartId: number;
let professionalId: number;
/** The owner's inquiry with the professional (with one photo), and the other client's, which gets reported. */
let conversationId: number;
let imageId: number;
let requestImageId: number;
let reportedConversationId: number;
/** How each signed-in actor signs in again after a call that ends its sessions. */
const credentials = new Map<BrowserClient, [string, string]>();

beforeAll(async () => {
  // TEST_CLOCK: the browser tests' /dev/clock exists only with it, and is checked below like every public route.
  ctx = await startTestApp({ professionals: 3, env: { TEST_CLOCK: 'true' } });
  http = ctx.app.getHttpServer();
  const owner = await registerAccount(http, 'owner@test.local');
  ownerId = owner.id;
  actors.owner = owner.client;
  actors.otherClient = (await registerAccount(http, 'other@test.local')).client;
  ownerCartId = (await owner.client.get('/home/user/me')).body.cart.id;
  const professional = await registerAccount(http, 'pro@test.local', 'profesional');
  actors.professional = professional.client;
  professionalId = professional.id;
  actors.admin = await browser(http);
  await actors.admin.login(TEST_ADMIN.email, TEST_ADMIN.password);
  actors.anonymous = await browser(http);
  credentials.set(actors.owner, ['owner@test.local', 'clave-segura-1']);
  credentials.set(actors.otherClient, ['other@test.local', 'clave-segura-1']);
  credentials.set(actors.professional, ['pro@test.local', 'clave-segura-1']);
  credentials.set(actors.admin, [TEST_ADMIN.email, TEST_ADMIN.password]);
  conversationId = (await actors.owner.post('/api/conversations', { professionalId })).body.id;
  const photo = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
    .png()
    .toBuffer();
  const withPhoto = await actors.owner.agent
    .post(`/api/conversations/${conversationId}/messages`)
    .set('X-XSRF-TOKEN', actors.owner.xsrf!)
    .field('text', 'Foto')
    .attach('images', photo, 'foto.png');
  imageId = withPhoto.body.images[0].id;
  const requestPhoto = await actors.owner.agent
    .post('/api/job-requests/images')
    .set('X-XSRF-TOKEN', actors.owner.xsrf!)
    .attach('images', photo, 'canilla.png');
  requestImageId = requestPhoto.body[0].id;
  reportedConversationId = (await actors.otherClient.post('/api/conversations', { professionalId })).body.id;
});
afterAll(() => ctx?.close());

type Expectations = Record<keyof typeof actors, number>;

/**
 * Every route that is not public, how to call it, and the status each actor
 * gets. A new protected route fails the coverage test until it is added here.
 */
const MATRIX: Record<string, { call: (actor: BrowserClient) => ReturnType<BrowserClient['get']>; expect: Expectations }> = {
  'GET /home/user/me': {
    call: (a) => a.get('/home/user/me'),
    expect: { anonymous: 401, owner: 200, otherClient: 200, professional: 200, admin: 200 },
  },
  'POST /home/user/logout/all': {
    call: async (a) => {
      const response = await a.post('/home/user/logout/all');
      // Every session of the actor ended: sign it in again for the rows below.
      if (response.status === 204) await a.login(...credentials.get(a)!);
      return response;
    },
    expect: { anonymous: 401, owner: 204, otherClient: 204, professional: 204, admin: 204 },
  },
  'POST /home/user/email/verification': {
    call: (a) => a.post('/home/user/email/verification'),
    expect: { anonymous: 401, owner: 202, otherClient: 202, professional: 202, admin: 202 },
  },
  'GET /api/clients/:id': {
    call: (a) => a.get(`/api/clients/${ownerId}`),
    expect: { anonymous: 401, owner: 200, otherClient: 403, professional: 403, admin: 200 },
  },
  'PUT /api/clients/:id': {
    call: (a) => a.put(`/api/clients/${ownerId}`, { address: 'Calle Nueva 9' }),
    expect: { anonymous: 401, owner: 200, otherClient: 403, professional: 403, admin: 200 },
  },
  'GET /api/cart': {
    call: (a) => a.get('/api/cart'),
    expect: { anonymous: 401, owner: 200, otherClient: 200, professional: 403, admin: 403 },
  },
  'POST /api/cart': {
    call: (a) => a.post('/api/cart', { clientId: ownerId, professionalId: 999999, days: ['lunes'] }),
    expect: { anonymous: 401, owner: 404, otherClient: 403, professional: 403, admin: 403 },
  },
  'PATCH /api/cart/:id': {
    call: (a) => a.patch('/api/cart/999999', { type: 'add', day: 'lunes' }),
    expect: { anonymous: 401, owner: 404, otherClient: 404, professional: 403, admin: 403 },
  },
  'PUT /api/cart/:id/job-request': {
    call: (a) => a.put('/api/cart/999999/job-request', { text: 'Pierde la canilla' }),
    expect: { anonymous: 401, owner: 404, otherClient: 404, professional: 403, admin: 403 },
  },
  'PUT /api/cart/place': {
    // Without a place: a client's is refused as incomplete; everyone else does not get that far.
    call: (a) => a.put('/api/cart/place', {}),
    expect: { anonymous: 401, owner: 400, otherClient: 400, professional: 403, admin: 403 },
  },
  'POST /api/job-requests/images': {
    // Without photos: a client's upload is refused as empty; everyone else does not get that far.
    call: (a) => a.post('/api/job-requests/images', {}),
    expect: { anonymous: 401, owner: 400, otherClient: 400, professional: 403, admin: 403 },
  },
  'GET /api/job-requests/images/:imageId': {
    call: (a) => a.get(`/api/job-requests/images/${requestImageId}`),
    expect: { anonymous: 401, owner: 200, otherClient: 403, professional: 403, admin: 200 },
  },
  'GET /api/job-requests/images/:imageId/thumb': {
    call: (a) => a.get(`/api/job-requests/images/${requestImageId}/thumb`),
    expect: { anonymous: 401, owner: 200, otherClient: 403, professional: 403, admin: 200 },
  },
  'DELETE /api/cart/:id': {
    call: (a) => a.delete('/api/cart/999999'),
    expect: { anonymous: 401, owner: 404, otherClient: 404, professional: 403, admin: 403 },
  },
  'POST /api/cart/merge': {
    call: (a) => a.post('/api/cart/merge', { lines: [] }),
    expect: { anonymous: 401, owner: 200, otherClient: 200, professional: 403, admin: 403 },
  },
  'DELETE /api/cart': {
    call: (a) => a.delete('/api/cart'),
    expect: { anonymous: 401, owner: 200, otherClient: 200, professional: 403, admin: 403 },
  },
  'POST /api/orders': {
    // The owner's cart is empty (the cart rows above never add anything).
    call: (a) => a.post('/api/orders', { cartId: ownerCartId }),
    expect: { anonymous: 401, owner: 400, otherClient: 403, professional: 403, admin: 403 },
  },
  'DELETE /api/orders/:id': {
    call: (a) => a.delete('/api/orders/999999'),
    expect: { anonymous: 401, owner: 404, otherClient: 404, professional: 403, admin: 403 },
  },
  'GET /api/orders': {
    call: (a) => a.get('/api/orders'),
    expect: { anonymous: 401, owner: 200, otherClient: 200, professional: 403, admin: 200 },
  },
  'GET /api/orders/professional/:id': {
    call: (a) => a.get(`/api/orders/professional/${professionalId}`),
    expect: { anonymous: 401, owner: 403, otherClient: 403, professional: 200, admin: 200 },
  },
  'PATCH /api/orders/:id': {
    call: (a) => a.patch('/api/orders/999999', { status: 'completa' }),
    expect: { anonymous: 401, owner: 403, otherClient: 403, professional: 403, admin: 404 },
  },
  'POST /api/mercado': {
    call: (a) => a.post('/api/mercado', { orderId: 999999 }),
    expect: { anonymous: 401, owner: 404, otherClient: 404, professional: 403, admin: 403 },
  },
  'POST /api/mercado/return': {
    call: (a) => a.post('/api/mercado/return', { paymentId: '999999999' }),
    expect: { anonymous: 401, owner: 404, otherClient: 404, professional: 403, admin: 403 },
  },
  'GET /api/notifications': {
    call: (a) => a.get('/api/notifications'),
    expect: { anonymous: 401, owner: 200, otherClient: 200, professional: 200, admin: 200 },
  },
  'POST /api/notifications/read': {
    call: (a) => a.post('/api/notifications/read', {}),
    expect: { anonymous: 401, owner: 204, otherClient: 204, professional: 204, admin: 204 },
  },
  'POST /api/reviews': {
    // Nobody here has paid for that professional.
    call: (a) => a.post('/api/reviews', { professionalId: professionalId, rating: 5, comment: 'Excelente' }),
    expect: { anonymous: 401, owner: 403, otherClient: 403, professional: 403, admin: 403 },
  },
  'GET /api/admin/statistics': {
    call: (a) => a.get('/api/admin/statistics'),
    expect: { anonymous: 401, owner: 403, otherClient: 403, professional: 403, admin: 200 },
  },
  'PUT /home/professionals/:id': {
    call: (a) => a.put('/home/professionals/999999', {}),
    expect: { anonymous: 401, owner: 403, otherClient: 403, professional: 403, admin: 400 },
  },
  'POST /home/professions': {
    call: (a) => a.post('/home/professions', { name: '' }),
    expect: { anonymous: 401, owner: 403, otherClient: 403, professional: 403, admin: 400 },
  },
  'DELETE /home/professions/:id': {
    call: (a) => a.delete('/home/professions/999999'),
    expect: { anonymous: 401, owner: 403, otherClient: 403, professional: 403, admin: 404 },
  },
  'GET /home/clients': {
    call: (a) => a.get('/home/clients'),
    expect: { anonymous: 401, owner: 403, otherClient: 403, professional: 403, admin: 200 },
  },
  // The contact the catalogue hides: the professional itself and administrators (clients only once they paid a booking
  // with it: professional-contact.e2e-spec.ts).
  'GET /api/professionals/:id/contact': {
    call: (a) => a.get(`/api/professionals/${professionalId}/contact`),
    expect: { anonymous: 401, owner: 403, otherClient: 403, professional: 200, admin: 200 },
  },
  // "Mi negocio": a professional's own business; nobody else has one to edit (professional-business.e2e-spec.ts).
  'PATCH /api/professionals/me': {
    call: (a) => a.patch('/api/professionals/me', { aboutMe: 'Trabajo prolijo.' }),
    expect: { anonymous: 401, owner: 403, otherClient: 403, professional: 200, admin: 403 },
  },
  'GET /api/admin/professionals/:id': {
    call: (a) => a.get(`/api/admin/professionals/${professionalId}`),
    expect: { anonymous: 401, owner: 403, otherClient: 403, professional: 403, admin: 200 },
  },
  // Bookings after payment: an unknown line is 404 for whoever may act on lines of its kind, 403 for the rest;
  // someone else's real line is 403 (booking-aftercare.e2e-spec.ts and bookings.e2e-spec.ts).
  'POST /api/bookings/:lineId/accept': {
    call: (a) => a.post('/api/bookings/999999/accept', {}),
    expect: { anonymous: 401, owner: 403, otherClient: 403, professional: 404, admin: 403 },
  },
  'POST /api/bookings/:lineId/decline': {
    call: (a) => a.post('/api/bookings/999999/decline', {}),
    expect: { anonymous: 401, owner: 403, otherClient: 403, professional: 404, admin: 403 },
  },
  'GET /api/bookings/:lineId/cancellation': {
    call: (a) => a.get('/api/bookings/999999/cancellation'),
    expect: { anonymous: 401, owner: 404, otherClient: 404, professional: 403, admin: 403 },
  },
  'POST /api/bookings/:lineId/cancel': {
    call: (a) => a.post('/api/bookings/999999/cancel', {}),
    expect: { anonymous: 401, owner: 404, otherClient: 404, professional: 404, admin: 403 },
  },
  'GET /api/bookings/:lineId/date-cancellation': {
    call: (a) => a.get('/api/bookings/999999/date-cancellation'),
    expect: { anonymous: 401, owner: 404, otherClient: 404, professional: 404, admin: 403 },
  },
  'POST /api/bookings/:lineId/cancel-dates': {
    call: (a) => a.post('/api/bookings/999999/cancel-dates', { dates: ['2026-12-10'] }),
    expect: { anonymous: 401, owner: 404, otherClient: 404, professional: 404, admin: 403 },
  },
  'POST /api/bookings/:lineId/done': {
    call: (a) => a.post('/api/bookings/999999/done', {}),
    expect: { anonymous: 401, owner: 403, otherClient: 403, professional: 404, admin: 403 },
  },
  'POST /api/bookings/:lineId/dispute': {
    call: (a) => a.post('/api/bookings/999999/dispute', { reason: 'No vino' }),
    expect: { anonymous: 401, owner: 404, otherClient: 404, professional: 403, admin: 403 },
  },
  'POST /api/bookings/:lineId/dispute/answer': {
    call: (a) => a.post('/api/bookings/999999/dispute/answer', { answer: 'Sí fui' }),
    expect: { anonymous: 401, owner: 403, otherClient: 403, professional: 404, admin: 403 },
  },
  'GET /api/admin/disputes': {
    call: (a) => a.get('/api/admin/disputes'),
    expect: { anonymous: 401, owner: 403, otherClient: 403, professional: 403, admin: 200 },
  },
  'POST /api/admin/disputes/:id/resolve': {
    call: (a) => a.post('/api/admin/disputes/999999/resolve', { resolution: 'none' }),
    expect: { anonymous: 401, owner: 403, otherClient: 403, professional: 403, admin: 404 },
  },
  'GET /api/calendar': {
    call: (a) => a.get('/api/calendar'),
    expect: { anonymous: 401, owner: 403, otherClient: 403, professional: 200, admin: 403 },
  },
  'PUT /api/calendar/blocked/:date': {
    call: (a) => a.put('/api/calendar/blocked/2099-01-05'),
    expect: { anonymous: 401, owner: 403, otherClient: 403, professional: 200, admin: 403 },
  },
  'DELETE /api/calendar/blocked/:date': {
    call: (a) => a.delete('/api/calendar/blocked/2099-01-05'),
    expect: { anonymous: 401, owner: 403, otherClient: 403, professional: 200, admin: 403 },
  },
  // Conversations: the owner's with the professional is theirs alone (administrators read only reported or
  // disputed ones; conversations.e2e-spec.ts has the other professional's rows and the booking threads).
  'POST /api/conversations': {
    // Each client's inquiry exists already (200; a new one is 201, conversations.e2e-spec.ts).
    call: (a) => a.post('/api/conversations', { professionalId }),
    expect: { anonymous: 401, owner: 200, otherClient: 200, professional: 403, admin: 403 },
  },
  'GET /api/conversations': {
    call: (a) => a.get('/api/conversations'),
    expect: { anonymous: 401, owner: 200, otherClient: 200, professional: 200, admin: 200 },
  },
  'GET /api/conversations/unread': {
    call: (a) => a.get('/api/conversations/unread'),
    expect: { anonymous: 401, owner: 200, otherClient: 200, professional: 200, admin: 200 },
  },
  'GET /api/conversations/:id': {
    call: (a) => a.get(`/api/conversations/${conversationId}`),
    expect: { anonymous: 401, owner: 200, otherClient: 403, professional: 200, admin: 403 },
  },
  'GET /api/conversations/:id/messages': {
    call: (a) => a.get(`/api/conversations/${conversationId}/messages?limit=5`),
    expect: { anonymous: 401, owner: 200, otherClient: 403, professional: 200, admin: 403 },
  },
  'POST /api/conversations/:id/messages': {
    call: (a) => a.post(`/api/conversations/${conversationId}/messages`, { text: 'Hola' }),
    expect: { anonymous: 401, owner: 201, otherClient: 403, professional: 201, admin: 403 },
  },
  'POST /api/conversations/:id/read': {
    call: (a) => a.post(`/api/conversations/${conversationId}/read`, { upTo: 1 }),
    expect: { anonymous: 401, owner: 200, otherClient: 403, professional: 200, admin: 403 },
  },
  'POST /api/conversations/:id/report': {
    call: (a) => a.post(`/api/conversations/${reportedConversationId}/report`, {}),
    expect: { anonymous: 401, owner: 403, otherClient: 201, professional: 201, admin: 403 },
  },
  'GET /api/conversations/images/:imageId': {
    call: (a) => a.get(`/api/conversations/images/${imageId}`),
    expect: { anonymous: 401, owner: 200, otherClient: 403, professional: 200, admin: 403 },
  },
  'GET /api/conversations/images/:imageId/thumb': {
    call: (a) => a.get(`/api/conversations/images/${imageId}/thumb`),
    expect: { anonymous: 401, owner: 200, otherClient: 403, professional: 200, admin: 403 },
  },
  'GET /api/admin/conversations': {
    call: (a) => a.get('/api/admin/conversations'),
    expect: { anonymous: 401, owner: 403, otherClient: 403, professional: 403, admin: 200 },
  },
  'GET /api/admin/conversations/:id/messages': {
    // The owner's is neither reported nor disputed: not even an administrator reads it.
    call: (a) => a.get(`/api/admin/conversations/${conversationId}/messages`),
    expect: { anonymous: 401, owner: 403, otherClient: 403, professional: 403, admin: 403 },
  },
};

/** Public routes: everyone, signed in or not, gets the same answer. */
const PUBLIC_MATRIX: Record<string, { call: (actor: BrowserClient) => ReturnType<BrowserClient['get']>; expect: Expectations }> = {
  'GET /api/bookings/settings': {
    call: (a) => a.get('/api/bookings/settings'),
    expect: { anonymous: 200, owner: 200, otherClient: 200, professional: 200, admin: 200 },
  },
  'GET /home/professionals/:id/availability': {
    call: (a) => a.get(`/home/professionals/${professionalId}/availability`),
    expect: { anonymous: 200, owner: 200, otherClient: 200, professional: 200, admin: 200 },
  },
  // Test-only (TEST_CLOCK, refused in production); absent otherwise (dev-clock.e2e-spec.ts).
  'GET /dev/clock': {
    call: (a) => a.get('/dev/clock'),
    expect: { anonymous: 200, owner: 200, otherClient: 200, professional: 200, admin: 200 },
  },
  'PUT /dev/clock': {
    call: (a) => a.put('/dev/clock', { offsetMs: 0 }),
    expect: { anonymous: 200, owner: 200, otherClient: 200, professional: 200, admin: 200 },
  },
};

describe('access rules', () => {
  it('every route of the app declares who may call it', () => {
    const routes = listRoutes(ctx.app);
    expect(routes.length).toBeGreaterThan(15);
    expect(routes.filter((route) => !route.access || route.access.length === 0)).toEqual([]);
  });

  it('the matrix below covers every route that is not public', () => {
    const protectedRoutes = listRoutes(ctx.app)
      .filter((route) => !route.access!.includes('public'))
      .map((route) => `${route.method} ${route.path}`)
      .sort();
    expect(Object.keys(MATRIX).sort()).toEqual(protectedRoutes);
  });

  it('the public rows name public routes', () => {
    const publicRoutes = listRoutes(ctx.app)
      .filter((route) => route.access!.includes('public'))
      .map((route) => `${route.method} ${route.path}`);
    expect(publicRoutes).toEqual(expect.arrayContaining(Object.keys(PUBLIC_MATRIX)));
  });

  for (const [route, { call, expect: expected }] of [...Object.entries(MATRIX), ...Object.entries(PUBLIC_MATRIX)]) {
    it(`${route}: ${JSON.stringify(expected)}`, async () => {
      const actual: Partial<Expectations> = {};
      for (const actor of Object.keys(expected) as (keyof Expectations)[]) actual[actor] = (await call(actors[actor])).status;
      expect(actual).toEqual(expected);
    });
  }

  describe('socket events', () => {
    it('reach only the two participants of a conversation: not another client, not an administrator, not a visitor', async () => {
      const url = ctx.config.publicApiUrl;
      await expect(connectSocket(url, { xsrf: actors.anonymous.xsrf! })).rejects.toThrow('unauthorized');
      const sockets: Partial<Record<keyof typeof actors, TestSocket>> = {};
      try {
        for (const actor of ['owner', 'otherClient', 'professional', 'admin'] as const)
          sockets[actor] = await connectSocket(url, await socketCredentials(actors[actor], ...credentials.get(actors[actor])!));
        const posted = await actors.owner.post(`/api/conversations/${conversationId}/messages`, { text: 'Sólo para vos' });
        expect(posted.status).toBe(201);
        await sockets.professional!.waitFor('message:new', (message) => message.id === posted.body.id);
        await sockets.owner!.waitFor('message:new', (message) => message.id === posted.body.id);
        const read = await actors.professional.post(`/api/conversations/${conversationId}/read`, { upTo: posted.body.id });
        expect(read.status).toBe(200);
        await sockets.owner!.waitFor('message:read', ({ upTo }) => upTo === posted.body.id);
        expect(sockets.otherClient!.received).toEqual([]);
        expect(sockets.admin!.received).toEqual([]);
      } finally {
        for (const socket of Object.values(sockets)) socket.close();
      }
    });
  });

  describe('Bull Board at /admin/queues (its own door: Nest guards do not cover it)', () => {
    it('refuses anonymous visitors, clients and professionals, on the page and on its API', async () => {
      // Written as routed, with a trailing slash, or percent-encoded (the router decodes it to the board's route).
      for (const path of ['/admin/queues', '/admin/queues/', '/admin/queues/api/queues', '/admin/%71ueues/api/%71ueues']) {
        expect((await actors.anonymous.get(path)).status).toBe(401);
        expect((await actors.owner.get(path)).status).toBe(403);
        expect((await actors.professional.get(path)).status).toBe(403);
      }
      // A forged session cookie is nobody.
      const forged = await request(http).get('/admin/queues').set('Cookie', 'oficios_session=eyJhbGciOiJIUzI1NiJ9.e30.forged');
      expect(forged.status).toBe(401);
    });

    it('lets an administrator see every queue', async () => {
      const page = await actors.admin.get('/admin/queues');
      expect(page.status).toBe(200);
      expect(page.text).toContain('<html');
      const queues = await actors.admin.get('/admin/queues/api/queues');
      expect(queues.status).toBe(200);
      expect(queues.body.queues.map((queue: { name: string }) => queue.name).sort()).toEqual([
        'bookings',
        'catalog',
        'conversations',
        'maintenance',
        'notifications',
        'orders',
        'payments',
      ]);
    });
  });

  it('a client edits only itself and blank fields keep their value', async () => {
    const before = (await actors.owner.get(`/api/clients/${ownerId}`)).body;
    const response = await actors.owner.put(`/api/clients/${ownerId}`, {
      firstName: '',
      lastName: '  ',
      phoneNumber: '+54 11 1234-5678',
      email: '',
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      firstName: before.firstName,
      lastName: before.lastName,
      email: before.email,
      phoneNumber: '+54 11 1234-5678',
    });
    const invalid = await actors.owner.put(`/api/clients/${ownerId}`, { email: 'no-es-correo', phoneNumber: 'letras' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['email', 'phoneNumber']);
    const taken = await actors.owner.put(`/api/clients/${ownerId}`, { email: 'OTHER@test.local', currentPassword: 'clave-segura-1' });
    expect(taken.status).toBe(409);
    const after = (await actors.owner.get(`/api/clients/${ownerId}`)).body;
    expect(after.email).toBe(before.email);
  });

  it('a client profile carries its orders, and unknown clients are 404 for an admin', async () => {
    const own = await actors.owner.get(`/api/clients/${ownerId}`);
    expect(own.body).toMatchObject({ id: ownerId, cartId: expect.any(Number), orders: [] });
    expect((await actors.admin.get('/api/clients/999999')).status).toBe(404);
    expect((await actors.otherClient.get('/api/clients/999999')).status).toBe(403);
  });

  it('the professional sees its own reviews (the 9 newest) and jobs in /home/user/me', async () => {
    const me = await actors.professional.get('/home/user/me');
    expect(me.body).toMatchObject({ msg: 'profesional logeado', profile: { reviews: [], jobs: [] } });
    const professionalId = me.body.dataValues.id;
    await catalogueWrites(ctx.db.dataSource.manager).addReviewsWithoutBooking(
      professionalId,
      ownerId,
      Array.from({ length: 11 }, (_, n) => ({ rating: 4, comment: `Reseña ${n + 1}` })),
    );
    const after = await actors.professional.get('/home/user/me');
    expect(after.body.profile.reviews).toHaveLength(9);
    expect(after.body.profile.reviews[0]).toMatchObject({ comment: 'Reseña 11', client: { id: ownerId, firstName: 'Rol' } });
  });

  it('the administrator lists clients without password hashes', async () => {
    const clients = await actors.admin.get('/home/clients');
    expect(clients.body.length).toBeGreaterThanOrEqual(2);
    expect(clients.body.every((c: { type: string }) => c.type === 'cliente')).toBe(true);
    expect(JSON.stringify(clients.body)).not.toMatch(/password/i);
  });
});
