import request from 'supertest';
import { startTestApp, type TestContext } from './support/test-app';

describe('GET /home/localities', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp({ professionals: 0 });
  });
  afterAll(() => ctx.close());

  const search = async (text: string) => {
    const res = await request(ctx.app.getHttpServer()).get('/home/localities').query({ search: text }).expect(200);
    return res.body as { id: string; name: string; department: string; province: string; lat: number; lon: number }[];
  };

  it('answers up to 10 localities with their province, exact and prefix matches first, ignoring accents and case', async () => {
    const cordoba = await search('CORDOBA');
    expect(cordoba.length).toBeLessThanOrEqual(10);
    expect(cordoba[0]).toMatchObject({ name: 'Córdoba', province: 'Córdoba' });
    const caballito = await search('caball');
    expect(caballito[0]).toEqual({
      id: '0204201001',
      name: 'Caballito',
      department: 'Comuna 6',
      province: 'Ciudad Autónoma de Buenos Aires',
      lat: -34.6162746708976,
      lon: -58.4405512892781,
    });
  });

  it('"caba" names the CABA barrios', async () => {
    const barrios = await search('caba');
    expect(barrios).toHaveLength(10);
    expect(barrios.every((l) => l.province === 'Ciudad Autónoma de Buenos Aires')).toBe(true);
  });

  it('tells same-named places apart by province, and narrows by it after a comma', async () => {
    const castelar = await search('castelar');
    expect(castelar.map((l) => l.province)).toEqual(expect.arrayContaining(['Buenos Aires', 'Santa Fe']));
    expect((await search('castelar, santa fe')).map((l) => `${l.name}, ${l.province}`)).toEqual(['Castelar, Santa Fe']);
  });

  it('answers one locality by id; a malformed id is 400 and an unknown one 404, in Spanish', async () => {
    const http = ctx.app.getHttpServer();
    expect((await request(http).get('/home/localities/82084270').expect(200)).body).toMatchObject({
      name: 'Rosario',
      province: 'Santa Fe',
    });
    expect((await request(http).get('/home/localities/rosario').expect(400)).body.message).toBe(
      '"rosario" no es un id de localidad (8 a 10 dígitos del INDEC)',
    );
    expect((await request(http).get('/home/localities/9999999999').expect(404)).body.message).toBe('No existe la localidad 9999999999');
  });

  it('refuses a search that is missing, blank or too long', async () => {
    const http = ctx.app.getHttpServer();
    expect((await request(http).get('/home/localities').expect(400)).body.message).toMatch(/search es obligatorio/);
    expect((await request(http).get('/home/localities').query({ search: ' , ' }).expect(400)).body.message).toMatch(
      /search es obligatorio/,
    );
    await request(http)
      .get('/home/localities')
      .query({ search: 'a'.repeat(101) })
      .expect(400);
  });
});
