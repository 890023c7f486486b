import {
  SERVICE_AREA_MESSAGES as A,
  type Locality,
  type ManagedProfessional,
  type ProfessionalDetail,
  type ProfessionalListItem,
} from '@oficios/domain';
import request from 'supertest';
import type { App } from 'supertest/types';
import { browser, registerAccount, type BrowserClient } from './support/http-client';
import { startTestApp, TEST_ADMIN, type TestContext } from './support/test-app';

// A professional's service area: asked at registration, edited by the professional ("Zona de trabajo") and by
// administrators ("Editar Profesionales"), shown whole in the detail, the account and the admin's answers.

const CABALLITO = '0204201001';
const PALERMO = '0209801001';
const FLORES = '0204901001';
const LINIERS = '0206301001';
const CASTELAR_BA = '0656801001';
const CASTELAR_SF = '82126040';
const ROSARIO = '82084270';

let ctx: TestContext;
let http: App;
let admin: BrowserClient;
let pro: BrowserClient;
let proId: number;

beforeAll(async () => {
  // The catalogue's cache is on (its default TTL): every answer below must follow an edit at once despite it.
  ctx = await startTestApp({ professionals: 0 });
  http = ctx.app.getHttpServer();
  admin = await browser(http);
  await admin.login(TEST_ADMIN.email, TEST_ADMIN.password);
  ({ client: pro, id: proId } = await registerAccount(http, 'zona@areas.test', 'profesional', { address: 'Av. Rivadavia 5000, Almagro' }));
});
afterAll(() => ctx?.close());

const detailOf = async (id: number): Promise<ProfessionalDetail> => (await request(http).get(`/home/professionals/${id}`).expect(200)).body;
const listedOf = async (id: number) => {
  const page = await request(http).get('/home/professionals').query({ pageSize: 100 }).expect(200);
  return (page.body.items as ProfessionalListItem[]).find((item) => item.id === id);
};
const locality = async (id: string): Promise<Locality> => (await request(http).get(`/home/localities/${id}`).expect(200)).body;

const registration = (email: string, serviceArea?: unknown) => ({
  firstName: 'Zoe',
  lastName: 'Radio',
  email,
  password: 'clave-segura-1',
  phoneNumber: '1155556666',
  address: 'Calle 1, Boedo',
  isProfessional: true,
  professions: ['plomero'],
  dayPrice: 12000,
  availableDays: ['lunes'],
  ...(serviceArea === undefined ? {} : { serviceArea }),
});

describe('registration', () => {
  it('keeps the area a professional gives, answered whole in the registration, the session and the detail', async () => {
    const client = await browser(http);
    const registered = await client.post(
      '/home/user/register',
      registration('con-zona@areas.test', {
        localityId: CABALLITO,
        radiusKm: 15,
        extraLocalityIds: [ROSARIO],
        excludedLocalityIds: [FLORES],
      }),
    );
    expect(registered.status).toBe(201);
    const expected = {
      locality: await locality(CABALLITO),
      radiusKm: 15,
      extraLocalities: [await locality(ROSARIO)],
      excludedLocalities: [await locality(FLORES)],
    };
    expect(registered.body.dataValues.serviceArea).toEqual(expected);
    const id = registered.body.dataValues.id as number;
    expect((await client.get('/home/user/me')).body.dataValues.serviceArea).toEqual(expected);
    const detail = await detailOf(id);
    expect(detail.serviceArea).toEqual(expected);
    // Cards show the base locality, not the address's.
    expect(detail.locality).toBe('Caballito');
    expect((await listedOf(id))?.locality).toBe('Caballito');
  });

  it('without an area, the professional has none (null) and cards show the address locality as before', async () => {
    const client = await browser(http);
    const registered = await client.post('/home/user/register', registration('sin-zona@areas.test'));
    expect(registered.status).toBe(201);
    expect(registered.body.dataValues.serviceArea).toBeNull();
    const detail = await detailOf(registered.body.dataValues.id);
    expect(detail).toMatchObject({ serviceArea: null, locality: 'Boedo' });
  });

  it('refuses an unknown locality and creates no account', async () => {
    const client = await browser(http);
    const refused = await client.post(
      '/home/user/register',
      registration('desconocida@areas.test', { localityId: '9999999999', radiusKm: 10 }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'unknown_locality', message: `${A.unknownLocality}: 9999999999` });
    expect(refused.body.errors).toEqual([{ field: 'serviceArea.localityId', message: `${A.unknownLocality}: 9999999999` }]);
    const login = await (await browser(http)).post('/home/user/login', { email: 'desconocida@areas.test', password: 'clave-segura-1' });
    expect(login.status).not.toBe(200);
  });
});

describe('PATCH /api/professionals/me: "Zona de trabajo"', () => {
  it('sets, edits and removes the area; the cached detail, the listing and the session follow at once', async () => {
    // Read first, so the detail and the listing are cached.
    expect(await detailOf(proId)).toMatchObject({ serviceArea: null, locality: 'Almagro' });
    expect((await listedOf(proId))?.locality).toBe('Almagro');

    const set = await pro.patch('/api/professionals/me', { serviceArea: { localityId: CABALLITO, radiusKm: 15 } });
    expect(set.status).toBe(200);
    const caballito = { locality: await locality(CABALLITO), radiusKm: 15, extraLocalities: [], excludedLocalities: [] };
    expect(set.body.serviceArea).toEqual(caballito);
    expect((await detailOf(proId)).serviceArea).toEqual(caballito);
    expect((await listedOf(proId))?.locality).toBe('Caballito');
    expect((await pro.get('/home/user/me')).body.dataValues.serviceArea).toEqual(caballito);

    // Another base, extras and exclusions (repeated ids once; the base among the extras is dropped).
    const edited = await pro.patch('/api/professionals/me', {
      serviceArea: { localityId: PALERMO, radiusKm: 8, extraLocalityIds: [LINIERS, LINIERS, PALERMO], excludedLocalityIds: [FLORES] },
    });
    expect(edited.status).toBe(200);
    const palermo = {
      locality: await locality(PALERMO),
      radiusKm: 8,
      extraLocalities: [await locality(LINIERS)],
      excludedLocalities: [await locality(FLORES)],
    };
    expect((await detailOf(proId)).serviceArea).toEqual(palermo);
    expect((await detailOf(proId)).locality).toBe('Palermo');

    // Other fields leave the area as it is.
    expect((await pro.patch('/api/professionals/me', { aboutMe: 'Plomero de Palermo' })).body.serviceArea).toEqual(palermo);

    // null removes it: listed everywhere again, the address's locality on the cards.
    const removed = await pro.patch('/api/professionals/me', { serviceArea: null });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ serviceArea: null, locality: 'Almagro' });
    expect(await detailOf(proId)).toMatchObject({ serviceArea: null, locality: 'Almagro' });
    expect((await listedOf(proId))?.locality).toBe('Almagro');
    expect((await pro.get('/home/user/me')).body.dataValues.serviceArea).toBeNull();
  });

  it('keeps same-named localities of two provinces apart', async () => {
    const saved = await pro.patch('/api/professionals/me', {
      serviceArea: { localityId: CASTELAR_BA, radiusKm: 20, extraLocalityIds: [CASTELAR_SF] },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.serviceArea.locality).toMatchObject({ id: CASTELAR_BA, name: 'Castelar', province: 'Buenos Aires' });
    expect(saved.body.serviceArea.extraLocalities).toEqual([
      expect.objectContaining({ id: CASTELAR_SF, name: 'Castelar', province: 'Santa Fe' }),
    ]);
  });

  describe('validation: a bad area is refused with a Spanish message and changes nothing', () => {
    let before: ProfessionalDetail;
    beforeAll(async () => {
      await pro.patch('/api/professionals/me', { serviceArea: { localityId: CABALLITO, radiusKm: 15 } });
      before = await detailOf(proId);
    });
    afterEach(async () => expect(await detailOf(proId)).toEqual(before));

    const refusal = async (serviceArea: unknown) => {
      const response = await pro.patch('/api/professionals/me', { serviceArea });
      expect(response.status).toBe(400);
      return response.body as { code: string; message: string; errors: { field: string; message: string }[] };
    };

    it.each([0, 101, 2.5, '15', null])('a radius of %p km', async (radiusKm) => {
      const body = await refusal({ localityId: CABALLITO, radiusKm });
      expect(body.errors).toEqual([{ field: 'serviceArea.radiusKm', message: A.radius }]);
      expect(A.radius).toBe('El radio debe ser un número entero de kilómetros entre 1 y 100');
    });

    it('the edge radii 1 and 100 are accepted', async () => {
      for (const radiusKm of [1, 100]) {
        const saved = await pro.patch('/api/professionals/me', { serviceArea: { localityId: CABALLITO, radiusKm } });
        expect(saved.body.serviceArea.radiusKm).toBe(radiusKm);
      }
      await pro.patch('/api/professionals/me', { serviceArea: { localityId: CABALLITO, radiusKm: 15 } });
    });

    it.each(['caballito', '12', '', 204201001])('a malformed locality id %p', async (localityId) => {
      const body = await refusal({ localityId, radiusKm: 10 });
      expect(body.errors).toEqual([{ field: 'serviceArea.localityId', message: A.locality }]);
    });

    it('a malformed extra or excluded id names its place in the list', async () => {
      const body = await refusal({ localityId: CABALLITO, radiusKm: 10, extraLocalityIds: [PALERMO, 'x'], excludedLocalityIds: ['1'] });
      expect(body.errors.map((e) => e.field).sort()).toEqual(['serviceArea.excludedLocalityIds[0]', 'serviceArea.extraLocalityIds[1]']);
    });

    it('unknown localities are named, each list on its own', async () => {
      const body = await refusal({
        localityId: '0299999999',
        radiusKm: 10,
        extraLocalityIds: [PALERMO, '88888888'],
        excludedLocalityIds: ['77777777'],
      });
      expect(body.code).toBe('unknown_locality');
      expect(body.errors).toEqual([
        { field: 'serviceArea.localityId', message: `${A.unknownLocality}: 0299999999` },
        { field: 'serviceArea.extraLocalityIds', message: `${A.unknownLocality}: 88888888` },
        { field: 'serviceArea.excludedLocalityIds', message: `${A.unknownLocality}: 77777777` },
      ]);
    });

    it('the base excluded, and a locality both added and excluded', async () => {
      expect((await refusal({ localityId: CABALLITO, radiusKm: 10, excludedLocalityIds: [CABALLITO] })).errors).toEqual([
        { field: 'serviceArea.excludedLocalityIds', message: A.baseExcluded },
      ]);
      expect(
        (await refusal({ localityId: CABALLITO, radiusKm: 10, extraLocalityIds: [ROSARIO], excludedLocalityIds: [ROSARIO] })).errors,
      ).toEqual([{ field: 'serviceArea.excludedLocalityIds', message: A.extraAndExcluded }]);
    });

    it('no base locality, or not an object', async () => {
      expect((await refusal({ radiusKm: 10 })).errors).toEqual([{ field: 'serviceArea.localityId', message: A.locality }]);
      expect((await refusal('Caballito')).errors).toEqual([{ field: 'serviceArea', message: A.required }]);
    });
  });
});

describe('PUT /home/professionals/{id}: "Editar Profesionales"', () => {
  const managed = async (id: number): Promise<ManagedProfessional> => (await admin.get(`/api/admin/professionals/${id}`)).body;
  const edit = async (id: number, changes: Record<string, unknown>) => {
    const current = await managed(id);
    return admin.put(`/home/professionals/${id}`, {
      firstName: current.firstName,
      lastName: current.lastName,
      profileImg: current.profileImg,
      professions: current.professions.map((p) => p.name),
      availableDays: current.availableDays,
      ...changes,
    });
  };

  it('sets, keeps (left out) and removes (null) the area; the editor and the detail show it at once', async () => {
    const { id } = await registerAccount(http, 'admin-zona@areas.test', 'profesional', { address: 'Calle 2, Villa Crespo' });
    expect((await managed(id)).serviceArea).toBeNull();
    expect((await detailOf(id)).serviceArea).toBeNull();

    const saved = await edit(id, { serviceArea: { localityId: ROSARIO, radiusKm: 30, excludedLocalityIds: [CASTELAR_SF] } });
    expect(saved.status).toBe(200);
    const rosario = {
      locality: await locality(ROSARIO),
      radiusKm: 30,
      extraLocalities: [],
      excludedLocalities: [await locality(CASTELAR_SF)],
    };
    expect(saved.body).toMatchObject({ serviceArea: rosario, locality: 'Rosario', email: 'admin-zona@areas.test' });
    expect((await managed(id)).serviceArea).toEqual(rosario);
    expect(await detailOf(id)).toMatchObject({ serviceArea: rosario, locality: 'Rosario' });

    // An edit that leaves the area out (an editor that never loaded it) keeps it; a new address does not move the cards.
    const kept = await edit(id, { lastName: 'Otro', address: 'Calle 3, Chacarita' });
    expect(kept.body).toMatchObject({ serviceArea: rosario, locality: 'Rosario' });

    const removed = await edit(id, { serviceArea: null });
    expect(removed.body).toMatchObject({ serviceArea: null, locality: 'Chacarita' });
    expect(await detailOf(id)).toMatchObject({ serviceArea: null, locality: 'Chacarita' });
  });

  it('refuses a bad area as the professional’s own editor does, changing nothing', async () => {
    const { id } = await registerAccount(http, 'admin-mala@areas.test', 'profesional');
    const before = await managed(id);
    const radius = await edit(id, { lastName: 'Cambiado', serviceArea: { localityId: CABALLITO, radiusKm: 101 } });
    expect(radius.status).toBe(400);
    expect(radius.body.errors).toEqual([{ field: 'serviceArea.radiusKm', message: A.radius }]);
    const unknown = await edit(id, {
      lastName: 'Cambiado',
      serviceArea: { localityId: CABALLITO, radiusKm: 10, extraLocalityIds: ['0299999999'] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'unknown_locality', message: `${A.unknownLocality}: 0299999999` });
    expect(await managed(id)).toEqual(before);
  });
});
