import {
  applyListing,
  coversLocality,
  distanceKmBetween,
  NEAR_MESSAGES,
  parseListingQuery,
  roundDistanceKm,
  type ListingQuery,
  type Locality,
  type ProfessionalListItem,
} from '@oficios/domain';
import request from 'supertest';
import type { App } from 'supertest/types';
import { catalogueWrites, recordsOf } from './factories';
import { startTestApp, type TestContext } from './support/test-app';

/**
 * "Cerca de" (`GET /home/professionals?near=`): only professionals whose area covers the locality (within the radius
 * of their base by real localities' distances, or among their extras, and not excluded) and those without an area,
 * each with its distance; combined with every other parameter, answered as the domain's rules answer over the same
 * professionals; its kept counts (migration NearListing) following every write, also writers at once.
 */
let ctx: TestContext;
let http: App;
let localities: Locality[];
let localityById: Map<string, Locality>;
const byId = (id: string) => localityById.get(id)!;

const CABALLITO = '0204201001';
const CASTELAR_BA = '0656801001';
const CASTELAR_SF = '82126040';
const ROSARIO = '82084270';

interface Area {
  localityId: string;
  radiusKm: number;
  extraLocalityIds: string[];
  excludedLocalityIds: string[];
}
/** Each professional's area as the test set it (null: none), the reference's input. */
const areas = new Map<number, Area | null>();

const writes = () => catalogueWrites(ctx.db.dataSource.manager);
const kmFrom = (from: string, to: string) => roundDistanceKm(distanceKmBetween(byId(from), byId(to)));

async function setArea(id: number, area: Partial<Area> & Pick<Area, 'localityId' | 'radiusKm'>) {
  const whole = { extraLocalityIds: [], excludedLocalityIds: [], ...area };
  await writes().setArea(id, whole);
  areas.set(id, whole);
}

/** Localities by their distance to `from`, nearest first (the base itself first). */
function aroundOf(from: string): { id: string; km: number }[] {
  return localities.map((l) => ({ id: l.id, km: kmFrom(from, l.id) })).sort((a, b) => a.km - b.km);
}

let professionIds: Map<string, number>;
let nextEmail = 0;
async function addProfessional(firstName: string, lastName: string, rating: number, professions: string[]): Promise<number> {
  const id = await writes().addProfessional(
    { firstName, lastName, email: `near${nextEmail++}@test.local`, rating },
    professions.map((name) => professionIds.get(name)!),
  );
  areas.set(id, null);
  return id;
}

function parse(raw: Record<string, string>): ListingQuery {
  const parsed = parseListingQuery(raw);
  if (!parsed.ok) throw new Error(`bad test query ${JSON.stringify(parsed.errors)}`);
  return parsed.query;
}

/**
 * What the listing must answer: the domain's coverage and listing rules over every professional. Nearest first by the
 * unrounded distance, as the database orders (two bases the same to one decimal may come in either order by id).
 */
async function expected(raw: Record<string, string>) {
  const query = parse(raw);
  const everyone: ProfessionalListItem[] = (await request(http).get('/home/professionals').expect(200)).body;
  const near = everyone.flatMap((item): ProfessionalListItem[] => {
    const area = areas.get(item.id) ?? null;
    if (!area) return [{ ...item, distanceKm: null }];
    const exact = distanceKmBetween(byId(area.localityId), byId(query.near!));
    return coversLocality(area, query.near!, roundDistanceKm(exact)) ? [{ ...item, distanceKm: exact }] : [];
  });
  const page = applyListing(near, query);
  return {
    ...page,
    items: page.items.map((item) => ({ ...item, distanceKm: item.distanceKm == null ? null : roundDistanceKm(item.distanceKm) })),
  };
}

async function listing(raw: Record<string, string>) {
  return (await request(http).get('/home/professionals').query(raw).expect(200)).body;
}

async function expectAsDomain(raw: Record<string, string>) {
  const [answer, reference] = [await listing(raw), await expected(raw)];
  expect({ raw, ids: answer.items.map((i: ProfessionalListItem) => i.id), total: answer.total }).toEqual({
    raw,
    ids: reference.items.map((i) => i.id),
    total: reference.total,
  });
  expect(answer.items.map((i: ProfessionalListItem) => i.distanceKm)).toEqual(reference.items.map((i) => i.distanceKm));
}

/** The kept counts against counting afresh from the domain's coverage of every professional. */
async function expectCountsInStep() {
  const professions: { professional_id: number; profession_id: number }[] = await ctx.db.dataSource.query(
    'SELECT professional_id, profession_id FROM professional_professions',
  );
  const ratings = new Map(
    ((await ctx.db.dataSource.query('SELECT id, rating FROM professionals')) as { id: number; rating: number }[]).map((r) => [
      r.id,
      r.rating,
    ]),
  );
  const counted = new Map<string, number>();
  const add = (key: string) => counted.set(key, (counted.get(key) ?? 0) + 1);
  for (const [id, area] of areas) {
    if (!ratings.has(id)) continue;
    const covered = area ? localities.filter((l) => coversLocality(area, l.id, kmFrom(area.localityId, l.id))).map((l) => l.id) : ['*'];
    const own = [0, ...professions.filter((p) => p.professional_id === id).map((p) => p.profession_id)];
    for (const locality of covered) for (const profession of own) add(`${locality}:${profession}:${ratings.get(id)}`);
  }
  const kept: { key: string; n: number }[] = await ctx.db.dataSource.query(
    `SELECT concat_ws(':', locality_id, profession_id, rating) AS key, professionals AS n FROM professional_near_counts WHERE professionals <> 0`,
  );
  expect(new Map(kept.map((row) => [row.key, row.n]))).toEqual(counted);
}

beforeAll(async () => {
  // No demo catalogue (only this suite's professionals) and no answer cache: every answer is read anew.
  ctx = await startTestApp({ professionals: 0, env: { LISTING_CACHE_TTL_MS: '0' } });
  http = ctx.app.getHttpServer();
  localities = await ctx.db.dataSource.query('SELECT id, name, department, province, lat, lon FROM localities');
  localityById = new Map(localities.map((l) => [l.id, l]));
  professionIds = new Map((await recordsOf(ctx.db.dataSource).professions()).map((p) => [p.name, p.id]));
});
afterAll(() => ctx?.close());

describe('GET /home/professionals?near=', () => {
  let edge: number;
  let withExtras: number;
  let everywhere: number;
  let castelar: number;
  // The last locality within 10 km of Caballito, and the first past it.
  let inside: { id: string; km: number };
  let outside: { id: string; km: number };

  beforeAll(async () => {
    const around = aroundOf(CABALLITO);
    inside = around.filter((l) => l.km <= 10).pop()!;
    outside = around.find((l) => l.km > 10)!;
    edge = await addProfessional('Elena', 'Borde', 4, ['plomero']);
    await setArea(edge, { localityId: CABALLITO, radiusKm: 10 });
    withExtras = await addProfessional('Ximena', 'Extra', 5, ['plomero', 'gasista']);
    await setArea(withExtras, { localityId: CABALLITO, radiusKm: 10, extraLocalityIds: [ROSARIO], excludedLocalityIds: [inside.id] });
    everywhere = await addProfessional('Nadia', 'Sinzona', 3, ['gasista']);
    castelar = await addProfessional('Carlos', 'Castelar', 4, ['electricista']);
    await setArea(castelar, { localityId: CASTELAR_BA, radiusKm: 5 });
  });

  it('lists a locality just inside the radius and not one just outside, with the distance to one decimal', async () => {
    expect(inside.km).toBeGreaterThan(9);
    expect(outside.km).toBeLessThan(11);
    const near = await listing({ near: inside.id });
    const item = near.items.find((i: ProfessionalListItem) => i.id === edge);
    expect(item).toMatchObject({ distanceKm: inside.km });
    expect(near.items.map((i: ProfessionalListItem) => i.id)).not.toContain(withExtras);
    const far = await listing({ near: outside.id });
    expect(far.items.map((i: ProfessionalListItem) => i.id)).toEqual([everywhere]);
    expect(far.total).toBe(1);
  });

  it('covers the extra localities wherever they are, never the excluded ones', async () => {
    const rosario = await listing({ near: ROSARIO });
    expect(rosario.items.map((i: ProfessionalListItem) => [i.id, i.distanceKm])).toEqual([
      [withExtras, kmFrom(CABALLITO, ROSARIO)],
      [everywhere, null],
    ]);
    expect(kmFrom(CABALLITO, ROSARIO)).toBeGreaterThan(200);
  });

  it('lists a professional without an area everywhere, last, without a distance; no distance without near', async () => {
    const caballito = await listing({ near: CABALLITO });
    expect(caballito.items.map((i: ProfessionalListItem) => [i.id, i.distanceKm])).toEqual([
      [edge, 0],
      [withExtras, 0],
      [everywhere, null],
    ]);
    const plain = await listing({ page: '1' });
    expect(plain.items.every((i: ProfessionalListItem) => !('distanceKm' in i))).toBe(true);
  });

  it('tells same-named localities in two provinces apart', async () => {
    expect(byId(CASTELAR_BA).name).toBe(byId(CASTELAR_SF).name);
    expect((await listing({ near: CASTELAR_BA })).items.map((i: ProfessionalListItem) => i.id)).toContain(castelar);
    expect((await listing({ near: CASTELAR_SF })).items.map((i: ProfessionalListItem) => i.id)).toEqual([everywhere]);
  });

  it('refuses a malformed or unknown near, and distance without near, naming the parameter', async () => {
    const malformed = await request(http).get('/home/professionals').query({ near: 'caballito' }).expect(400);
    expect(malformed.body.errors).toEqual([{ field: 'near', message: NEAR_MESSAGES.malformed }]);
    const unknown = await request(http).get('/home/professionals').query({ near: '99999999' }).expect(400);
    expect(unknown.body).toMatchObject({ code: 'unknown_locality', errors: [{ field: 'near' }] });
    expect(unknown.body.message).toContain('99999999');
    const withoutNear = await request(http).get('/home/professionals').query({ sort: 'distance' }).expect(400);
    expect(withoutNear.body.errors).toEqual([{ field: 'sort', message: NEAR_MESSAGES.distanceWithoutNear }]);
  });
});

describe('near with the other parameters', () => {
  const NAMES = ['Ana', 'Bruno', 'Carla', 'Diego', 'Eva', 'Facundo', 'Gala', 'Hugo', 'Ines', 'Juan', 'Karen', 'Luis', 'Marta', 'Nico'];
  const PROFESSIONS = ['plomero', 'gasista', 'electricista', 'pintor'];

  beforeAll(async () => {
    // Bases at distinct distances around Caballito (the nearest dozen localities), radii from 2 to 15 km.
    const bases = aroundOf(CABALLITO).slice(1, 13);
    for (const [index, name] of NAMES.entries()) {
      const id = await addProfessional(name, `Cerca${index}`, index % 6, [PROFESSIONS[index % 4], PROFESSIONS[(index + 1) % 4]]);
      if (index < 12) await setArea(id, { localityId: bases[index].id, radiusKm: 2 + ((index * 5) % 14) });
    }
  });

  const targets = () => [CABALLITO, aroundOf(CABALLITO)[5].id, aroundOf(CABALLITO)[20].id];

  it.each<Record<string, string>>([
    {},
    { pageSize: '3', page: '2' },
    { pageSize: '3', page: '5' },
    { professions: 'plomero' },
    { professions: 'plomero,gasista' },
    { rating: '4' },
    { professions: 'gasista', rating: '1', pageSize: '2' },
    { search: 'a' },
    { sort: 'rating', order: 'desc', pageSize: '4', page: '2' },
    { sort: 'firstName', order: 'asc', professions: 'pintor' },
    { sort: 'firstName', order: 'desc', search: 'e' },
    { sort: 'distance', pageSize: '5', page: '3' },
    { professions: 'cerrajero' },
  ])('answers %j as the domain does, at several places', async (raw) => {
    for (const near of targets()) await expectAsDomain({ ...raw, near });
  });
});

describe('the kept counts', () => {
  it('follow area edits, rating changes, profession changes and deleted accounts', async () => {
    await expectCountsInStep();
    const [first, second, third, fourth] = [...areas.keys()].slice(-6);
    await setArea(first, { localityId: ROSARIO, radiusKm: 30, excludedLocalityIds: [aroundOf(ROSARIO)[1].id] });
    await writes().setArea(second, null);
    areas.set(second, null);
    await writes().setRating(third, 5);
    await writes().setProfessions(fourth, [professionIds.get('pintor')!]);
    await expectCountsInStep();
    await expectAsDomain({ near: ROSARIO, professions: 'pintor' });
    await expectAsDomain({ near: CABALLITO, rating: '5' });
    await writes().deleteAccount(first);
    areas.delete(first);
    await expectCountsInStep();
  });

  it('stay exact when many writers change areas, ratings and professions at once (and none deadlocks)', async () => {
    const ids = [...areas.keys()];
    const bases = aroundOf(CABALLITO).slice(0, 30);
    const professions = [...professionIds.values()];
    const results = await Promise.allSettled(
      ids.map((id, index) =>
        ctx.db.dataSource.transaction(async (manager) => {
          const area = { localityId: bases[(index * 7) % 30].id, radiusKm: 3 + index, extraLocalityIds: [], excludedLocalityIds: [] };
          await catalogueWrites(manager).rateAndSetProfessions(id, (index + 2) % 6, [professions[index % professions.length]]);
          await catalogueWrites(manager).setArea(id, area);
          areas.set(id, area);
        }),
      ),
    );
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    await expectCountsInStep();
    await expectAsDomain({ near: CABALLITO, pageSize: '4', page: '2' });
  });
});
