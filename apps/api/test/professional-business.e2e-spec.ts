import { FIELD_MAX_LENGTHS, PROFESSIONAL_EDIT_MESSAGES as E, REGISTRATION_MESSAGES as M, type ProfessionalDetail } from '@oficios/domain';
import request from 'supertest';
import type { App } from 'supertest/types';
import { bookingIn, recordsOf } from './factories';
import { bookingClock } from './support/bookings';
import { browser, registerAccount, type BrowserClient } from './support/http-client';
import { newClientRegistration } from './support/registration';
import { startTestApp, TEST_ADMIN, type TestContext } from './support/test-app';

// "Mi negocio": the professional's own price, days, trades, bio and photo (PATCH /api/professionals/me), and the
// registration that asks for the price and days instead of inventing them.

const clock = bookingClock();

let ctx: TestContext;
let http: App;
let pro: BrowserClient;
let proId: number;
let otherProId: number;

beforeAll(async () => {
  // The catalogue's cache is on (its default TTL): each answer below must be fresh despite it.
  ctx = await startTestApp({ professionals: 0, clock });
  http = ctx.app.getHttpServer();
  ({ client: pro, id: proId } = await registerAccount(http, 'gasista@business.test', 'profesional', { firstName: 'Gaston' }));
  ({ id: otherProId } = await registerAccount(http, 'otro@business.test', 'profesional'));
});
afterAll(() => ctx?.close());

const detailOf = async (id: number): Promise<ProfessionalDetail> => (await request(http).get(`/home/professionals/${id}`).expect(200)).body;
const listedOf = async (id: number) => {
  const page = await request(http).get('/home/professionals').query({ pageSize: 100 }).expect(200);
  return (page.body.items as ProfessionalDetail[]).find((item) => item.id === id);
};

describe('PATCH /api/professionals/me', () => {
  it('saves the business as written and the listing, the detail and the session show it at once', async () => {
    // Read first, so the listing and the detail are cached.
    expect(await listedOf(proId)).toMatchObject({ dayPrice: 10000 });
    expect(await detailOf(proId)).toMatchObject({ dayPrice: 10000 });

    const aboutMe = 'Gasista matriculado.\nHago instalaciones y pruebas de hermeticidad.';
    const saved = await pro.patch('/api/professionals/me', {
      dayPrice: 18500.5,
      availableDays: ['Sabado', 'martes'],
      professions: ['Gasista', 'plomero'],
      aboutMe: `  ${aboutMe}  `,
      profileImg: '/avatars/GP-120.svg',
    });
    expect(saved.status).toBe(200);
    const expected = {
      id: proId,
      dayPrice: 18500.5,
      availableDays: ['martes', 'sabado'],
      professions: [expect.objectContaining({ name: 'gasista' }), expect.objectContaining({ name: 'plomero' })],
      aboutMe,
    };
    expect(saved.body).toMatchObject(expected);
    expect(saved.body.profileImg).toMatch(/\/avatars\/GP-120\.svg$/);

    const detail = await detailOf(proId);
    expect(detail).toMatchObject(expected);
    // Exactly as written: nothing made up from the trades.
    expect(detail.aboutMe).toBe(aboutMe);
    expect(await listedOf(proId)).toMatchObject({ dayPrice: 18500.5, availableDays: ['martes', 'sabado'] });
    const byTrade = await request(http).get('/home/professionals').query({ professions: 'gasista' }).expect(200);
    expect(byTrade.body.items.map((item: { id: number }) => item.id)).toContain(proId);
    const me = await pro.get('/home/user/me');
    expect(me.body.dataValues).toMatchObject({ dayPrice: 18500.5, availableDays: ['martes', 'sabado'], aboutMe });
    expect(me.body.dataValues.profileImg).toMatch(/\/avatars\/GP-120\.svg$/);
  });

  it('the bookable dates follow the new working days at once, despite their cache', async () => {
    const bookable = async () =>
      (await request(http).get(`/home/professionals/${proId}/availability`).query({ from: '2026-12-03', to: '2026-12-12' }).expect(200))
        .body.dates;
    await pro.patch('/api/professionals/me', { availableDays: ['jueves'] });
    expect(await bookable()).toEqual(['2026-12-03', '2026-12-10']);
    await pro.patch('/api/professionals/me', { availableDays: ['viernes', 'sabado'] });
    expect(await bookable()).toEqual(['2026-12-04', '2026-12-05', '2026-12-11', '2026-12-12']);
  });

  it('changes only the fields sent, and an empty bio stays empty', async () => {
    const before = await detailOf(proId);
    const saved = await pro.patch('/api/professionals/me', { aboutMe: '' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ aboutMe: '', dayPrice: before.dayPrice, availableDays: before.availableDays });
    expect((await detailOf(proId)).aboutMe).toBe('');
  });

  it('keeps every one of several edits sent at the same time (none overwrites another)', async () => {
    const answers = await Promise.all([
      pro.patch('/api/professionals/me', { dayPrice: 31000 }),
      pro.patch('/api/professionals/me', { availableDays: ['lunes', 'sabado'] }),
      pro.patch('/api/professionals/me', { aboutMe: 'Trabajo en toda la zona oeste.' }),
      pro.patch('/api/professionals/me', { professions: ['gasista', 'plomero', 'electricista'] }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(await detailOf(proId)).toMatchObject({
      dayPrice: 31000,
      availableDays: ['lunes', 'sabado'],
      aboutMe: 'Trabajo en toda la zona oeste.',
      professions: expect.arrayContaining(['gasista', 'plomero', 'electricista'].map((name) => expect.objectContaining({ name }))),
    });
  });

  it('refuses bad values with the shared Spanish messages and changes nothing', async () => {
    const before = await detailOf(proId);
    const refusals: [Record<string, unknown>, { field: string; message: string }][] = [
      [{ dayPrice: 0 }, { field: 'dayPrice', message: E.dayPrice }],
      [{ dayPrice: -100 }, { field: 'dayPrice', message: E.dayPrice }],
      [{ dayPrice: '15000' }, { field: 'dayPrice', message: E.dayPrice }],
      [{ dayPrice: 100.005 }, { field: 'dayPrice', message: E.dayPriceCents }],
      [{ dayPrice: null }, { field: 'dayPrice', message: E.dayPriceRequired }],
      [{ availableDays: [] }, { field: 'availableDays', message: E.availableDays }],
      [{ availableDays: ['domingo'] }, { field: 'availableDays', message: `${E.unknownDay}: domingo` }],
      [{ professions: [] }, { field: 'professions', message: M.professions }],
      [{ professions: ['astronauta'] }, { field: 'professions', message: 'Profesion desconocida: astronauta' }],
      [{ aboutMe: 'x'.repeat(FIELD_MAX_LENGTHS.aboutMe + 1) }, { field: 'aboutMe', message: M.tooLong }],
      [{ profileImg: 'javascript:alert(1)' }, { field: 'profileImg', message: M.profileImg }],
    ];
    for (const [body, error] of refusals) {
      const refused = await pro.patch('/api/professionals/me', { availableDays: ['lunes'], ...body });
      expect({ body, status: refused.status }).toEqual({ body, status: 400 });
      expect(refused.body.message).toEqual(expect.any(String));
      expect(refused.body.errors).toContainEqual(error);
    }
    // A bad field refuses the whole edit: the good ones sent beside it are not saved either.
    expect(await detailOf(proId)).toEqual(before);
    const notJson = await pro.patch('/api/professionals/me', [{ dayPrice: 1 }]);
    expect(notJson.status).toBe(400);
  });

  it('lets nobody but the professional edit their business', async () => {
    const before = await detailOf(otherProId);
    const client = (await registerAccount(http, 'cliente@business.test')).client;
    const admin = await browser(http);
    await admin.login(TEST_ADMIN.email, TEST_ADMIN.password);
    const anonymous = await browser(http);
    expect((await anonymous.patch('/api/professionals/me', { dayPrice: 1 })).status).toBe(401);
    expect((await client.patch('/api/professionals/me', { dayPrice: 1 })).status).toBe(403);
    expect((await admin.patch('/api/professionals/me', { dayPrice: 1 })).status).toBe(403);
    // An id in the body names nobody: the session says whose business it is.
    const own = await pro.patch('/api/professionals/me', { id: otherProId, dayPrice: 12345 });
    expect(own.status).toBe(200);
    expect(own.body.id).toBe(proId);
    expect(await detailOf(otherProId)).toEqual(before);
  });

  it('never changes bookings already made: their price and dates stay when the price and days change', async () => {
    await pro.patch('/api/professionals/me', { dayPrice: 10000, availableDays: ['jueves', 'viernes'] });
    const client = (await registerAccount(http, 'reserva@business.test')).client;
    const { bookingId } = await bookingIn(ctx, 'accepted', { client, professionalId: proId, dates: ['2026-12-03', '2026-12-04'] });
    const booked = await recordsOf(ctx).booking(bookingId);
    expect(booked.reservationAmountCents).toBe(2_000_000);

    const changed = await pro.patch('/api/professionals/me', { dayPrice: 25000, availableDays: ['lunes'] });
    expect(changed.status).toBe(200);

    const after = await recordsOf(ctx).booking(bookingId);
    expect(after).toEqual(booked);
    const history = (await client.get('/home/user/me')).body.profile.shoppingHistory;
    expect(history).toEqual([expect.objectContaining({ id: bookingId, reservationAmount: 20000, dates: ['2026-12-03', '2026-12-04'] })]);
    const jobs = (await pro.get('/home/user/me')).body.profile.jobs;
    expect(jobs).toContainEqual(expect.objectContaining({ id: bookingId, reservationAmount: 20000, lineStatus: booked.lineStatus }));
  });
});

describe('POST /home/user/register as a professional', () => {
  it('asks for the price per day and the working days: no professional goes live with invented ones', async () => {
    const professional = newClientRegistration({ isClient: undefined, isProfessional: true, professions: ['plomero'] });
    const refused = await (await browser(http)).post('/home/user/register', professional);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      { field: 'dayPrice', message: E.dayPriceRequired },
      { field: 'availableDays', message: E.availableDays },
    ]);
    expect(await recordsOf(ctx).userByEmail(professional.email)).toBeNull();

    const bad = await (await browser(http)).post('/home/user/register', { ...professional, dayPrice: 0, availableDays: [] });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      { field: 'dayPrice', message: E.dayPrice },
      { field: 'availableDays', message: E.availableDays },
    ]);

    const registered = await (
      await browser(http)
    ).post('/home/user/register', {
      ...professional,
      aboutMe: 'Plomero de barrio.',
      dayPrice: 32000,
      availableDays: ['sabado', 'miercoles'],
    });
    expect(registered.status).toBe(201);
    expect(registered.body.dataValues).toMatchObject({
      dayPrice: 32000,
      availableDays: ['miercoles', 'sabado'],
      aboutMe: 'Plomero de barrio.',
    });
    expect(await detailOf(registered.body.dataValues.id)).toMatchObject({ dayPrice: 32000, availableDays: ['miercoles', 'sabado'] });
  });

  it('asks a client for neither', async () => {
    expect((await (await browser(http)).post('/home/user/register', newClientRegistration())).status).toBe(201);
  });
});
