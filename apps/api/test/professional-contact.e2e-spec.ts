import type { ManagedProfessional, ProfessionalDetail, ProfessionalListItem } from '@oficios/domain';
import request from 'supertest';
import type { App } from 'supertest/types';
import { recordsOf } from './factories';
import { orderFromCart, payOrder } from './support/checkout';
import { browser, registerAccount, type BrowserClient } from './support/http-client';
import { startTestApp, TEST_ADMIN, type TestContext } from './support/test-app';

// A professional's e-mail, phone and street are shown only to the professional, administrators and the clients with a
// paid booking with them; the public catalogue answers (the same for everybody, shared-cacheable) carry none of them.

let ctx: TestContext;
let http: App;
let juanId: number;
let juan: BrowserClient;
let otherPro: BrowserClient;
let otherProId: number;
let payer: BrowserClient;
let payerId: number;
let bystander: BrowserClient;
let admin: BrowserClient;
let anonymous: BrowserClient;

const JUAN = { firstName: 'Juan', lastName: 'Contacto', phoneNumber: '11 5555-1234', address: 'Av. Corrientes 1234, Balvanera' };
const JUAN_EMAIL = 'juan@contacto.test';
const JUAN_CONTACT = { email: JUAN_EMAIL, phoneNumber: JUAN.phoneNumber, address: JUAN.address };
/** Bits of Juan's contact that must appear nowhere in a public answer. */
const SECRETS = [JUAN_EMAIL, '5555-1234', 'Corrientes'];

beforeAll(async () => {
  ctx = await startTestApp({ professionals: 4 });
  http = ctx.app.getHttpServer();
  ({ client: juan, id: juanId } = await registerAccount(http, JUAN_EMAIL, 'profesional', JUAN));
  ({ client: otherPro, id: otherProId } = await registerAccount(http, 'otro@contacto.test', 'profesional', { address: 'Sin Coma 99' }));
  ({ client: payer, id: payerId } = await registerAccount(http, 'paga@contacto.test'));
  ({ client: bystander } = await registerAccount(http, 'mira@contacto.test'));
  admin = await browser(http);
  await admin.login(TEST_ADMIN.email, TEST_ADMIN.password);
  anonymous = await browser(http);
});
afterAll(() => ctx?.close());

/** The public answers that show professionals, as `who` gets them. */
const publicAnswers = (who: BrowserClient) => ({
  'GET /home/professionals': () => who.get('/home/professionals'),
  'GET /home/professionals?page=1&pageSize=100': () => who.get('/home/professionals?page=1&pageSize=100'),
  'GET /home/professionals?professions=plomero&pageSize=100': () => who.get('/home/professionals?professions=plomero&pageSize=100'),
  'GET /home/professionals?search=contacto': () => who.get('/home/professionals?search=contacto'),
  'GET /home/professionals/{id}': () => who.get(`/home/professionals/${juanId}`),
  'GET /home?search=juan': () => who.get('/home?search=juan'),
});

function juanIn(body: unknown): ProfessionalListItem | undefined {
  const items = (
    Array.isArray(body) ? body : 'items' in (body as object) ? (body as { items: unknown[] }).items : [body]
  ) as ProfessionalListItem[];
  return items.find((item) => item.id === juanId);
}

describe('the public catalogue', () => {
  it.each(['anonymous', 'bystander', 'admin'] as const)(
    'answers %s null e-mail, phone and address with the locality, and no contact anywhere in the body',
    async (name) => {
      const who = { anonymous, bystander, admin }[name];
      for (const [route, call] of Object.entries(publicAnswers(who))) {
        const response = await call();
        expect([route, response.status]).toEqual([route, 200]);
        expect([route, juanIn(response.body)]).toEqual([
          route,
          expect.objectContaining({ email: null, phoneNumber: null, address: null, locality: 'Balvanera' }),
        ]);
        for (const secret of SECRETS) expect([route, response.text.includes(secret)]).toEqual([route, false]);
      }
    },
  );

  it('has no locality for an address without a comma, and hides every seeded professional’s contact', async () => {
    const other = (await request(http).get(`/home/professionals/${otherProId}`).expect(200)).body as ProfessionalDetail;
    expect(other).toMatchObject({ email: null, phoneNumber: null, address: null, locality: null });
    const everyone = (await request(http).get('/home/professionals').expect(200)).body as ProfessionalListItem[];
    expect(everyone.length).toBeGreaterThan(4);
    for (const professional of everyone) expect(professional).toMatchObject({ email: null, phoneNumber: null, address: null });
    // The seed writes "street number, city": its city is the locality.
    const seeded = (await recordsOf(ctx).users({ type: 'profesional' }))
      .filter((account) => account.email.endsWith('@oficios.local'))
      .map(({ id, address }) => ({ id, address }));
    expect(seeded.length).toBeGreaterThan(0);
    for (const { id, address } of seeded) {
      expect(everyone.find((p) => p.id === id)?.locality).toBe(address.split(',').at(-1)!.trim());
      expect(JSON.stringify(everyone)).not.toContain(address);
    }
  });

  it('documents the hidden fields and the locality in OpenAPI', async () => {
    const { body } = await request(http).get('/docs-json').expect(200);
    const schema = body.components.schemas.ProfessionalSchema;
    expect(schema.properties.locality).toMatchObject({ type: 'string', nullable: true });
    for (const field of ['email', 'phoneNumber', 'address']) expect(schema.properties[field]).toMatchObject({ nullable: true });
    expect(Object.keys(body.paths)).toEqual(expect.arrayContaining(['/api/professionals/{id}/contact', '/api/admin/professionals/{id}']));
  });
});

describe('GET /api/professionals/{id}/contact', () => {
  const contactOf = (who: BrowserClient, id = juanId) => who.get(`/api/professionals/${id}/contact`);

  it('answers the professional itself and administrators, privately', async () => {
    for (const who of [juan, admin]) {
      const response = await contactOf(who);
      expect(response.status).toBe(200);
      expect(response.body).toEqual(JUAN_CONTACT);
      expect(response.headers['cache-control']).toBe('private, no-store');
    }
  });

  it('refuses a visitor (401), another professional and a client without a booking (403)', async () => {
    expect((await contactOf(anonymous)).status).toBe(401);
    for (const who of [otherPro, bystander, payer]) {
      const refused = await contactOf(who);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({
        statusCode: 403,
        code: 'contact_hidden',
        message: 'Los datos de contacto se muestran al confirmar una reserva con este profesional',
      });
      for (const secret of SECRETS) expect(refused.text).not.toContain(secret);
    }
  });

  it('answers a client once a booking with the professional is paid, not while it waits for the payment', async () => {
    const detail = (await request(http).get(`/home/professionals/${juanId}`).expect(200)).body as ProfessionalDetail;
    const cartId = (await payer.get('/home/user/me')).body.cart.id as number;
    const order = await orderFromCart(payer, cartId, [detail]);
    const waiting = await contactOf(payer);
    expect([waiting.status, waiting.body.code]).toEqual([403, 'contact_hidden']);

    // While it waits: nothing the client can read about the order shows the contact either.
    for (const path of ['/api/cart', '/api/orders', `/api/clients/${payerId}`, '/home/user/me', '/api/conversations']) {
      const answer = await payer.get(path);
      expect([path, answer.status]).toEqual([path, 200]);
      for (const secret of SECRETS) expect([path, answer.text.includes(secret)]).toEqual([path, false]);
    }
    const inquiry = await payer.post('/api/conversations', { professionalId: juanId });
    expect([200, 201]).toContain(inquiry.status);
    for (const secret of SECRETS) expect(inquiry.text).not.toContain(secret);

    await payOrder(http, ctx.db.dataSource, payer, order.id);
    const paid = await contactOf(payer);
    expect(paid.status).toBe(200);
    expect(paid.body).toEqual(JUAN_CONTACT);
    // Only with that professional.
    expect((await contactOf(payer, otherProId)).status).toBe(403);
    // The public answers stay the same for that client too.
    for (const [route, call] of Object.entries(publicAnswers(payer))) {
      const response = await call();
      for (const secret of SECRETS) expect([route, response.text.includes(secret)]).toEqual([route, false]);
    }
  });

  it('answers 404 for an unknown professional or a client’s id, and 400 for a malformed id', async () => {
    for (const id of [999999, payerId]) {
      const response = await contactOf(admin, id);
      expect(response.status).toBe(404);
      expect(response.body.message).toBe(`No existe el profesional ${id}`);
    }
    expect((await admin.get('/api/professionals/abc/contact')).status).toBe(400);
  });
});

describe("the administrator's editor", () => {
  const contactOf = (who: BrowserClient) => who.get(`/api/professionals/${juanId}/contact`);
  /** The editor's body but the e-mail, phone and address. */
  const basePayload = (professional: Omit<ProfessionalDetail, 'email' | 'phoneNumber' | 'address'>) => ({
    id: professional.id,
    firstName: professional.firstName,
    lastName: professional.lastName,
    profileImg: professional.profileImg,
    professions: professional.professions.map((p) => p.name),
    availableDays: professional.availableDays,
    rating: professional.rating,
    reputation: professional.reputation,
  });

  it('loads the whole professional, contact included, from an administrators’ route', async () => {
    const response = await admin.get(`/api/admin/professionals/${juanId}`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: juanId, ...JUAN_CONTACT, locality: 'Balvanera', firstName: 'Juan' });
    expect(response.headers['cache-control']).toBe('private, no-store');
    for (const who of [juan, payer]) expect((await who.get(`/api/admin/professionals/${juanId}`)).status).toBe(403);
    expect((await admin.get('/api/admin/professionals/999999')).status).toBe(404);
  });

  it('keeps the stored e-mail, phone and street when a save sends them null or leaves them out', async () => {
    const loaded = (await request(http).get(`/home/professionals/${juanId}`).expect(200)).body as ProfessionalDetail;
    // What an editor that loaded the public answer would send back: the hidden fields as null.
    const withNulls = await admin.put(`/home/professionals/${juanId}`, {
      ...basePayload(loaded),
      email: loaded.email,
      phoneNumber: loaded.phoneNumber,
      address: loaded.address,
      lastName: 'Renombrado',
    });
    expect(withNulls.status).toBe(200);
    expect(withNulls.body).toMatchObject({ id: juanId, lastName: 'Renombrado', ...JUAN_CONTACT });
    const without = await admin.put(`/home/professionals/${juanId}`, { ...basePayload(loaded), lastName: 'Contacto' });
    expect(without.status).toBe(200);
    expect((await contactOf(juan)).body).toEqual(JUAN_CONTACT);
    const { email, phoneNumber, address } = await recordsOf(ctx).user(juanId);
    expect({ email, phoneNumber, address }).toEqual(JUAN_CONTACT);
    // An explicit blank is still refused, as before.
    const blank = await admin.put(`/home/professionals/${juanId}`, { ...basePayload(loaded), email: '', phoneNumber: '', address: '' });
    expect(blank.status).toBe(400);
    expect(blank.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['address', 'email', 'phoneNumber']);
  });

  it('saves a new street: the contact has it and the public answers its locality', async () => {
    const loaded = (await admin.get(`/api/admin/professionals/${juanId}`)).body as ManagedProfessional;
    const saved = await admin.put(`/home/professionals/${juanId}`, {
      ...basePayload(loaded),
      email: loaded.email,
      phoneNumber: loaded.phoneNumber,
      address: 'Av. Cabildo 2000, Belgrano',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ address: 'Av. Cabildo 2000, Belgrano', locality: 'Belgrano', email: JUAN_EMAIL });
    expect((await contactOf(juan)).body.address).toBe('Av. Cabildo 2000, Belgrano');
    const detail = await request(http).get(`/home/professionals/${juanId}`).expect(200);
    expect(detail.body).toMatchObject({ address: null, locality: 'Belgrano' });
    expect(detail.text).not.toContain('Cabildo');
    expect((await admin.put(`/home/professionals/${juanId}`, { ...basePayload(loaded), address: JUAN.address })).status).toBe(200);
  });
});
