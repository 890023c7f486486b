import {
  FIELD_MAX_LENGTHS,
  PROFESSIONAL_EDIT_MESSAGES,
  REGISTRATION_MESSAGES,
  type ManagedProfessional,
  type ProfessionalDetail,
  type ProfessionalListItem,
} from '@oficios/domain';
import request from 'supertest';
import type { App } from 'supertest/types';
import { createApp } from '../src/app.factory';
import { recordsOf } from './factories';
import { drained, orderFromCart } from './support/checkout';
import { eventually } from './support/eventually';
import { browser, registerAccount, type BrowserClient } from './support/http-client';
import { startTestApp, TEST_ADMIN, type TestContext } from './support/test-app';

let ctx: TestContext;
let http: App;
let admin: BrowserClient;

beforeAll(async () => {
  ctx = await startTestApp({ professionals: 10 });
  http = ctx.app.getHttpServer();
  admin = await browser(http);
  await admin.login(TEST_ADMIN.email, TEST_ADMIN.password);
});
afterAll(() => ctx?.close());

describe('GET /api/admin/statistics', () => {
  it('counts professionals, professions and clients as seeded, and professionals per profession', async () => {
    const response = await admin.get('/api/admin/statistics');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      professionals: ctx.seed.professionals,
      professions: ctx.seed.professions,
      clients: ctx.seed.clients,
    });
    const catalogue = (await request(http).get('/home/professionals')).body as ProfessionalListItem[];
    const professions = (await request(http).get('/home/professions')).body as { id: number; name: string }[];
    expect(response.body.byProfession).toEqual(
      professions.map(({ id, name }) => ({
        id,
        name,
        professionals: catalogue.filter((p) => p.professions.some((profession) => profession.id === id)).length,
      })),
    );
  });
});

describe('PUT /home/professionals/{id}', () => {
  let target: ManagedProfessional;
  beforeAll(async () => {
    const [first] = (await request(http).get('/home/professionals')).body as ProfessionalListItem[];
    // As the editor loads it: with the contact the public answers hide.
    target = (await admin.get(`/api/admin/professionals/${first.id}`)).body;
  });

  /** The professional as "Editar Profesionales" loads it. */
  const managed = async (id = target.id): Promise<ManagedProfessional> => (await admin.get(`/api/admin/professionals/${id}`)).body;

  const payload = (changes: Record<string, unknown> = {}) => ({
    id: target.id,
    firstName: target.firstName,
    lastName: target.lastName,
    email: target.email,
    phoneNumber: target.phoneNumber,
    address: target.address,
    profileImg: target.profileImg,
    professions: target.professions.map((p) => p.name),
    availableDays: target.availableDays,
    rating: target.rating,
    reputation: target.reputation,
    ...changes,
  });

  it('changes a day, a profession and the phone, answers the professional, and the public catalogue shows it', async () => {
    const listed = (await request(http).get('/home/professionals?professions=gasista&pageSize=100')).body.items as ProfessionalListItem[];
    const days = target.availableDays.includes('sabado')
      ? target.availableDays.filter((d) => d !== 'sabado')
      : [...target.availableDays, 'sabado'];
    const response = await admin.put(
      `/home/professionals/${target.id}`,
      payload({
        phoneNumber: '1144443333',
        availableDays: days,
        professions: ['Gasista'],
        rating: 5,
        reputation: 1000,
      }),
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: target.id,
      phoneNumber: '1144443333',
      availableDays: expect.arrayContaining(days),
      professions: [{ id: expect.any(Number), name: 'gasista' }],
      // Reviews decide these, not the form.
      rating: target.rating,
      reputation: target.reputation,
    });
    expect((await managed()).phoneNumber).toBe('1144443333');
    const after = (await request(http).get('/home/professionals?professions=gasista&pageSize=100')).body.items as ProfessionalListItem[];
    expect(after.map((p) => p.id)).toContain(target.id);
    expect(after.length).toBe(listed.filter((p) => p.id !== target.id).length + 1);
    // The event reaches the catalog queue (other API processes refresh from it).
    await drained(ctx.app, ctx.db.dataSource);
    const count = (await recordsOf(ctx).outboxEvents('ProfessionalUpdated', { professionalId: target.id })).length;
    expect(count).toBe(1);
  });

  it('refreshes the cached catalogue of another API process through the event', async () => {
    const second = await createApp({ ...ctx.config, workers: { ...ctx.config.workers, enabled: false } });
    await second.init();
    // Fastify serves once ready (listen does it; a process that is only initialised must ask).
    await second.getHttpAdapter().getInstance().ready();
    try {
      const secondHttp = second.getHttpServer();
      const before = (await request(secondHttp).get(`/home/professionals/${target.id}`)).body as ProfessionalDetail;
      const aboutMe = 'Atiendo urgencias de gas las 24 horas, con matrícula al día';
      const response = await admin.put(`/home/professionals/${target.id}`, payload({ aboutMe }));
      expect(response.status).toBe(200);
      expect(before.aboutMe).not.toBe(aboutMe);
      // The second process cached the detail for 30 s; the event makes it drop it now.
      await eventually(async () => expect((await request(secondHttp).get(`/home/professionals/${target.id}`)).body.aboutMe).toBe(aboutMe));
    } finally {
      await second.close();
    }
  });

  it('validates every field and refuses unknown professions, days, a taken e-mail and a mismatched id', async () => {
    const bad = await admin.put(
      `/home/professionals/${target.id}`,
      payload({ firstName: ' ', email: 'x', availableDays: ['domingo'], professions: [] }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['availableDays', 'email', 'firstName', 'professions']);
    const unknown = await admin.put(`/home/professionals/${target.id}`, payload({ professions: ['astronauta'] }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Profesion desconocida: astronauta');
    await registerAccount(http, 'taken@admin.test');
    const taken = await admin.put(`/home/professionals/${target.id}`, payload({ email: 'taken@admin.test' }));
    expect(taken.status).toBe(409);
    expect((await admin.put(`/home/professionals/${target.id}`, payload({ id: target.id + 1 }))).status).toBe(400);
    expect((await admin.put('/home/professionals/999999', payload({ id: undefined }))).status).toBe(404);
    // Nothing half-saved.
    expect((await managed()).email).toBe(target.email);
  });

  it('changes the price per day and "Sobre mi" with the rules of "Mi negocio", and keeps them when left out or null', async () => {
    const aboutMe = 'Plomero matriculado.\nTrabajo en zona oeste.';
    const saved = await admin.put(`/home/professionals/${target.id}`, payload({ dayPrice: 23456.5, aboutMe: `  ${aboutMe}  ` }));
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ dayPrice: 23456.5, aboutMe });
    const listed = (await request(http).get(`/home/professionals?search=${encodeURIComponent(target.lastName)}&pageSize=100`)).body
      .items as ProfessionalListItem[];
    expect(listed.find((p) => p.id === target.id)).toMatchObject({ dayPrice: 23456.5 });
    expect((await request(http).get(`/home/professionals/${target.id}`)).body).toMatchObject({ dayPrice: 23456.5, aboutMe });

    // Left out, or null, they stay as they are.
    expect((await admin.put(`/home/professionals/${target.id}`, payload({ lastName: 'Sin Precio' }))).body).toMatchObject({
      dayPrice: 23456.5,
      aboutMe,
    });
    expect((await admin.put(`/home/professionals/${target.id}`, payload({ dayPrice: null, aboutMe: null }))).body).toMatchObject({
      dayPrice: 23456.5,
      aboutMe,
    });
    // An empty bio takes it away.
    expect((await admin.put(`/home/professionals/${target.id}`, payload({ aboutMe: '' }))).body).toMatchObject({ aboutMe: '' });

    const E = PROFESSIONAL_EDIT_MESSAGES;
    const refused: [Record<string, unknown>, { field: string; message: string }][] = [
      [{ dayPrice: 0 }, { field: 'dayPrice', message: E.dayPrice }],
      [{ dayPrice: -100 }, { field: 'dayPrice', message: E.dayPrice }],
      [{ dayPrice: '15000' }, { field: 'dayPrice', message: E.dayPrice }],
      [{ dayPrice: 100.005 }, { field: 'dayPrice', message: E.dayPriceCents }],
      [{ aboutMe: 'x'.repeat(FIELD_MAX_LENGTHS.aboutMe + 1) }, { field: 'aboutMe', message: REGISTRATION_MESSAGES.tooLong }],
    ];
    for (const [changes, error] of refused) {
      const response = await admin.put(`/home/professionals/${target.id}`, payload({ ...changes, firstName: 'Nunca' }));
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual([error]);
    }
    // Nothing of a refused edit was saved.
    expect(await managed()).toMatchObject({ dayPrice: 23456.5, aboutMe: '', firstName: target.firstName });
  });
});

describe('professions', () => {
  it('creates with a server id, refusing empty names and duplicates compared without case or accents', async () => {
    const before = (await request(http).get('/home/professions')).body as { id: number; name: string }[];
    const created = await admin.post('/home/professions', { name: '  Techista  ', id: 1 });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(Number), name: 'techista' });
    expect(before.map((p) => p.id)).not.toContain(created.body.id);
    expect((await request(http).get('/home/professions')).body).toContainEqual(created.body);
    for (const name of ['TECHISTA', 'techísta', 'Mecanico', 'tecnico pc']) {
      const duplicate = await admin.post('/home/professions', { name });
      expect(duplicate.status).toBe(409);
    }
    expect((await admin.post('/home/professions', { name: 'Mecanico' })).body.message).toBe('La profesion mecánico ya existe');
    expect((await admin.post('/home/professions', { name: '   ' })).status).toBe(400);
    expect((await admin.post('/home/professions', {})).status).toBe(400);
  });

  it('deletes an unused profession, refuses one professionals still have, and a deleted id is never reused', async () => {
    const created = (await admin.post('/home/professions', { name: 'vidriero' })).body as { id: number };
    const removed = await admin.delete(`/home/professions/${created.id}`);
    expect(removed.status).toBe(200);
    expect((await request(http).get('/home/professions')).body.map((p: { id: number }) => p.id)).not.toContain(created.id);
    expect((await admin.delete(`/home/professions/${created.id}`)).status).toBe(404);
    const next = (await admin.post('/home/professions', { name: 'vidriero' })).body as { id: number };
    expect(next.id).toBeGreaterThan(created.id);

    // A profession the seeded catalogue's first professional has.
    const [inUse] = ((await request(http).get('/home/professionals')).body as ProfessionalListItem[])[0].professions;
    const used = await admin.delete(`/home/professions/${inUse.id}`);
    expect(used.status).toBe(409);
    expect(used.body.message).toMatch(
      new RegExp(`^La profesion ${inUse.name} la tienen \\d+ profesionales: quitala de ellos antes de borrarla$`),
    );
    const stillThere = (await request(http).get('/home/professionals').query({ professions: inUse.name })).body.total;
    expect(stillThere).toBeGreaterThan(0);
  });
});

describe('order status changes by the administrator', () => {
  it('records each change and the worker notifies the client', async () => {
    const { client } = await registerAccount(http, 'notified@admin.test');
    const cartId = (await client.get('/home/user/me')).body.cart.id;
    const [pro] = (await request(http).get('/home/professionals')).body as ProfessionalListItem[];
    const order = await orderFromCart(client, cartId, [pro]);
    expect((await admin.patch(`/api/orders/${order.id}`, { status: 'cancelada' })).body.status).toBe('cancelada');
    await eventually(async () => {
      const notices = (await client.get('/api/notifications')).body as { kind: string; message: string }[];
      expect(notices).toContainEqual(
        expect.objectContaining({ kind: 'order-status', message: `Tu orden ${order.id} pasó de creada a cancelada` }),
      );
    });
    const adminId = (await admin.get('/home/user/me')).body.dataValues.id;
    const changes = (await recordsOf(ctx).orderStatusChanges(order.id)).map(({ fromStatus, toStatus, changedBy, reason }) => ({
      fromStatus,
      toStatus,
      changedBy,
      reason,
    }));
    expect(changes).toEqual([{ fromStatus: 'creada', toStatus: 'cancelada', changedBy: adminId, reason: 'admin' }]);
  });
});
