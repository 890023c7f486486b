import type { ProfessionalDetail, ProfessionalListItem } from '@oficios/domain';
import request from 'supertest';
import type { App } from 'supertest/types';
import { recordsOf } from './factories';
import { orderFromCart } from './support/checkout';
import { browser, type BrowserClient } from './support/http-client';
import { smallPng } from './support/images';
import { startTestApp, TEST_ADMIN, type TestContext } from './support/test-app';

let ctx: TestContext;
let http: App;
let api: string;

beforeAll(async () => {
  ctx = await startTestApp({ professionals: 6 });
  http = ctx.app.getHttpServer();
  api = ctx.config.publicApiUrl;
});
afterAll(() => ctx?.close());

async function upload(client: BrowserClient): Promise<string> {
  const response = await client.agent
    .post('/home/uploads')
    .set('X-XSRF-TOKEN', client.xsrf!)
    .attach('file', await smallPng(), 'foto.png');
  expect(response.status).toBe(201);
  return response.body.url as string;
}

/** The image path as the account (`users`) or the catalogue's profile (`professionals`) stores it. */
const storedImage = async (kept: 'users' | 'professionals', id: number): Promise<string | null> =>
  (kept === 'users' ? await recordsOf(ctx).user(id) : await recordsOf(ctx).professional(id)).profileImg;

/** Every `profileImg` anywhere in an answer. */
function imagesIn(value: unknown): unknown[] {
  if (Array.isArray(value)) return value.flatMap(imagesIn);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, field]) => (key === 'profileImg' ? [field] : imagesIn(field)));
}

const absoluteOnApi = (url: unknown) => expect(url).toMatch(new RegExp(`^${api}/(avatars|uploads)/[\\w.-]+$`));

describe('image addresses: stored relative, answered absolute on PUBLIC_API_URL', () => {
  it('the catalogue answers (plain list, page, search, detail, reviews) carry absolute images; the database keeps paths', async () => {
    const plain = (await request(http).get('/home/professionals').expect(200)).body as ProfessionalListItem[];
    const first = plain[0];
    const detail = (await request(http).get(`/home/professionals/${first.id}`).expect(200)).body as ProfessionalDetail;
    const page = (await request(http).get('/home/professionals?page=1').expect(200)).body;
    const search = (await request(http).get('/home').query({ search: first.firstName }).expect(200)).body;
    const reviews = (await request(http).get('/home/reviews').expect(200)).body;
    const images = [plain, detail, page, search, reviews].flatMap(imagesIn);
    expect(images.length).toBeGreaterThan(plain.length * 2);
    images.forEach(absoluteOnApi);
    expect(detail.profileImg).toBe(`${api}${await storedImage('professionals', first.id)}`);
    expect(await storedImage('professionals', first.id)).toMatch(/^\/avatars\//);
    // Served where the answer says.
    const served = await request(http).get(new URL(detail.profileImg!).pathname).expect(200);
    expect(served.headers['content-type']).toContain('image/svg+xml');
  });

  it('an upload answers its absolute address; registering with it stores the path, and every account answer is absolute', async () => {
    const client = await browser(http);
    const picture = await upload(client);
    absoluteOnApi(picture);
    const registered = await client.post('/home/user/register', {
      firstName: 'Con',
      lastName: 'Foto',
      email: 'foto@imagenes.test',
      password: 'clave-segura-1',
      phoneNumber: '1155556666',
      address: 'Calle 1',
      isClient: true,
      profileImg: picture,
    });
    expect(registered.status).toBe(201);
    const id = registered.body.dataValues.id as number;
    expect(registered.body.dataValues.profileImg).toBe(picture);
    expect(await storedImage('users', id)).toBe(new URL(picture).pathname);

    expect((await client.get('/home/user/me')).body.dataValues.profileImg).toBe(picture);
    expect((await client.get(`/api/clients/${id}`)).body.profileImg).toBe(picture);
    const admin = await browser(http);
    await admin.login(TEST_ADMIN.email, TEST_ADMIN.password);
    expect((await admin.get('/home/user/me')).body.dataValues.profileImg).toMatch(new RegExp(`^${api}/avatars/`));
    const clients = (await admin.get('/home/clients')).body as { id: number; profileImg: string | null }[];
    expect(clients.find((c) => c.id === id)?.profileImg).toBe(picture);
    imagesIn(clients).filter(Boolean).forEach(absoluteOnApi);
  });

  it('orders show their professionals’ images absolute', async () => {
    const client = await browser(http);
    const registered = await client.post('/home/user/register', {
      firstName: 'Com',
      lastName: 'Prador',
      email: 'compra@imagenes.test',
      password: 'clave-segura-1',
      phoneNumber: '1155556666',
      address: 'Calle 1',
      isClient: true,
    });
    expect(registered.status).toBe(201);
    const professionals = ((await request(http).get('/home/professionals')).body as ProfessionalListItem[]).slice(0, 2);
    await orderFromCart(client, registered.body.cart.id, professionals);
    const detail = (await client.get(`/api/clients/${registered.body.dataValues.id}`)).body;
    const images = imagesIn(detail.orders);
    expect(images).toHaveLength(2);
    images.forEach(absoluteOnApi);
  });

  it('an administrator saving a professional as answered (absolute image) stores the path', async () => {
    const admin = await browser(http);
    await admin.login(TEST_ADMIN.email, TEST_ADMIN.password);
    const [first] = (await request(http).get('/home/professionals')).body as ProfessionalListItem[];
    const detail = (await request(http).get(`/home/professionals/${first.id}`)).body as ProfessionalDetail;
    const avatar = `${api}/avatars/ZZ-10.svg`;
    const saved = await admin.put(`/home/professionals/${first.id}`, {
      ...detail,
      professions: detail.professions.map((p) => p.name),
      profileImg: avatar,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.profileImg).toBe(avatar);
    expect(await storedImage('professionals', first.id)).toBe('/avatars/ZZ-10.svg');
    expect(await storedImage('users', first.id)).toBe('/avatars/ZZ-10.svg');
  });

  it('keeps a foreign https picture as given and refuses a foreign http one', async () => {
    const register = async (email: string, profileImg: string) =>
      (await browser(http)).post('/home/user/register', {
        firstName: 'Otra',
        lastName: 'Foto',
        email,
        password: 'clave-segura-1',
        phoneNumber: '1155556666',
        address: 'Calle 1',
        isClient: true,
        profileImg,
      });
    const google = 'https://lh3.googleusercontent.com/a/foto';
    const kept = await register('google@imagenes.test', google);
    expect(kept.status).toBe(201);
    expect(kept.body.dataValues.profileImg).toBe(google);
    expect(await storedImage('users', kept.body.dataValues.id)).toBe(google);

    const refused = await register('ajena@imagenes.test', 'http://otro.example/uploads/foto.png');
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ field: 'profileImg', message: 'La imagen no es valida' }]);
  });
});
