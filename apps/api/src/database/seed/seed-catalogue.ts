import { hash } from '@node-rs/argon2';
import { localityOf, nameSortKey, PROFESSION_NAMES, summarizeRatings, type Cents, type ServiceAreaInput } from '@oficios/domain';
import type { DataSource, EntityManager } from 'typeorm';
import { DEMO_PASSWORD } from '../../config/demo';
import { buildPerson, buildProfessional, createRandom, pick, REVIEW_COMMENTS, reviewRating, type SeedPerson } from './demo-data';
import { generatedAreas } from './generated-areas';

export const DEMO_PROFESSIONALS = 48;

export interface SeedOptions {
  /** Size of the demo catalogue; 0 seeds none (only professions and the administrator). */
  professionals: number;
  adminEmail: string;
  /** No administrator is created without one. */
  adminPassword: string | null;
  /** Whether seeded clients and professionals can sign in with DEMO_PASSWORD (DEMO_ACCOUNTS); otherwise they have no password. */
  demoAccounts: boolean;
  /** Same seed, same catalogue. */
  seed?: number;
}

export interface SeedReport {
  professions: number;
  professionals: number;
  clients: number;
  reviews: number;
  /** False when the database already had a catalogue and was left alone. */
  catalogueSeeded: boolean;
}

const BATCH = 2000;
const BASE_DATE = Date.UTC(2026, 9, 1);

/**
 * Loads the professions, the administrator and (into an empty catalogue only)
 * a deterministic demo catalogue. Running it again changes nothing.
 */
export async function seedDatabase(dataSource: DataSource, options: SeedOptions): Promise<SeedReport> {
  return dataSource.transaction(async (manager) => {
    // Two starts at once must not both seed.
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['oficios-seed']);
    await manager.query(`INSERT INTO professions (name) SELECT unnest($1::text[]) ON CONFLICT (lower(name)) DO NOTHING`, [
      PROFESSION_NAMES,
    ]);
    if (options.adminPassword !== null) await ensureAdministrator(manager, options.adminEmail, options.adminPassword);
    const professions: { id: number; name: string }[] = await manager.query('SELECT id, name FROM professions ORDER BY id');
    const [{ count }] = await manager.query(`SELECT count(*)::int AS count FROM users WHERE type = 'profesional'`);
    if (count > 0 || options.professionals === 0) {
      return { professions: professions.length, professionals: count, clients: 0, reviews: 0, catalogueSeeded: false };
    }
    const report = await seedCatalogue(manager, professions, options);
    return { ...report, professions: professions.length, catalogueSeeded: true };
  });
}

async function ensureAdministrator(manager: EntityManager, email: string, password: string): Promise<void> {
  const passwordHash = await hash(password);
  await manager.query(
    `INSERT INTO users (type, first_name, last_name, email, password_hash, profile_img)
     VALUES ('administrador', 'Admin', 'Oficios', $1, $2, '/avatars/AO-200.svg')
     ON CONFLICT (email) DO NOTHING`,
    [email.toLowerCase(), passwordHash],
  );
}

/** Both copies of a person (account, catalogue profile) take its contact as these six columns (f, l, e, ph, a, img). */
const CONTACT_COLUMNS = ['firstName', 'lastName', 'email', 'phoneNumber', 'address', 'profileImg'] as const;

function contactColumns(batch: SeedPerson[]): string[][] {
  return CONTACT_COLUMNS.map((field) => batch.map((person) => person[field]));
}

/** Accounts, in batches; answers their ids in order. */
async function insertUsers(manager: EntityManager, type: 'cliente' | 'profesional', people: SeedPerson[], passwordHash: string | null) {
  const ids: number[] = [];
  for (let start = 0; start < people.length; start += BATCH) {
    const batch = people.slice(start, start + BATCH);
    const rows: { id: number }[] = await manager.query(
      `INSERT INTO users (type, first_name, last_name, email, password_hash, phone_number, address, profile_img, locality_id)
       SELECT $1::user_type, f, l, e, $2, ph, a, img, loc
       FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[])
            WITH ORDINALITY AS t(f, l, e, ph, a, img, loc, n)
       ORDER BY n
       RETURNING id`,
      [type, passwordHash, ...contactColumns(batch), batch.map((person) => person.localityId)],
    );
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

/** The catalogue's profiles of the professionals' accounts (same ids), in batches. */
async function insertProfiles(
  manager: EntityManager,
  ids: number[],
  people: (SeedPerson & {
    aboutMe: string;
    dayPriceCents: Cents;
    availableDays: string[];
    rating: number;
    reputation: number;
    area?: ServiceAreaInput | null;
    /** What the cards show: the area's base when there is one, else the address's locality. */
    locality?: string;
  })[],
): Promise<void> {
  const idList = (ids: string[] | undefined) => `{${(ids ?? []).join(',')}}`;
  for (let start = 0; start < people.length; start += BATCH) {
    const batch = people.slice(start, start + BATCH);
    await manager.query(
      `INSERT INTO professionals (id, first_name, last_name, email, phone_number, address, profile_img, search_name, locality, about_me,
                                  day_price_cents, available_days, rating, reputation,
                                  area_locality_id, area_radius_km, area_extra_locality_ids, area_excluded_locality_ids)
       SELECT id, f, l, e, ph, a, img, s, loc, am, dp, ad::text[], r, rep, al, ar, ax::varchar[], ae::varchar[]
       FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[],
                   $10::text[], $11::bigint[], $12::text[], $13::int[], $14::int[], $15::varchar[], $16::smallint[], $17::text[], $18::text[])
         AS t(id, f, l, e, ph, a, img, s, loc, am, dp, ad, r, rep, al, ar, ax, ae)`,
      [
        ids.slice(start, start + BATCH),
        ...contactColumns(batch),
        batch.map((p) => nameSortKey(p.firstName, p.lastName)),
        batch.map((p) => p.locality ?? localityOf(p.address)),
        batch.map((p) => p.aboutMe),
        batch.map((p) => p.dayPriceCents),
        batch.map((p) => `{${p.availableDays.join(',')}}`),
        batch.map((p) => p.rating),
        batch.map((p) => p.reputation),
        batch.map((p) => p.area?.localityId ?? null),
        batch.map((p) => p.area?.radiusKm ?? null),
        batch.map((p) => idList(p.area?.extraLocalityIds)),
        batch.map((p) => idList(p.area?.excludedLocalityIds)),
      ],
    );
  }
}

/** A large catalogue's areas (the demo's are its own): spread over the country (generatedAreas). */
async function largeCatalogueAreas(manager: EntityManager, count: number, seed: number) {
  if (count <= DEMO_PROFESSIONALS) return Array.from({ length: count }, () => null);
  const localities: { id: string; name: string; lat: number; lon: number }[] = await manager.query(
    'SELECT id, name, lat, lon FROM localities ORDER BY id',
  );
  const names = new Map(localities.map((l) => [l.id, l.name]));
  return generatedAreas(localities, count, seed).map((area) => ({ area, locality: area ? names.get(area.localityId) : undefined }));
}

async function seedCatalogue(
  manager: EntityManager,
  professions: { id: number; name: string }[],
  options: SeedOptions,
): Promise<Omit<SeedReport, 'professions' | 'catalogueSeeded'>> {
  const random = createRandom(options.seed ?? 20261122);
  // The near counts (migration NearListing) once at the end: kept per statement they cost a third of a large seed.
  await manager.query(`SELECT set_config('oficios.near_counts_deferred', 'on', true)`);
  // Without demo accounts (a benchmark's catalogue) nobody can sign in as a seeded person.
  const passwordHash = options.demoAccounts ? await hash(DEMO_PASSWORD) : null;
  const clientCount = Math.max(12, Math.ceil(options.professionals / 20));
  const clients = Array.from({ length: clientCount }, (_, i) => buildPerson(random, i + 1, 'cliente'));
  const clientIds = await insertUsers(manager, 'cliente', clients, passwordHash);
  await manager.query(`INSERT INTO carts (client_id) SELECT unnest($1::int[])`, [clientIds]);

  const professionIds = new Map(professions.map((p) => [p.name, p.id]));
  const names = professions.map((p) => p.name);
  // Drawn from a stream of their own, so the rest of the catalogue is the same with or without them.
  const areas = await largeCatalogueAreas(manager, options.professionals, (options.seed ?? 20261122) + 1);
  const professionals = Array.from({ length: options.professionals }, (_, i) => {
    const professional = buildProfessional(random, i + 1, names);
    // A few newcomers without reviews keep 0 stars; the rest vary around their quality.
    const reviewCount = random() < 0.12 ? 0 : 1 + Math.floor(random() * 5);
    const ratings = Array.from({ length: reviewCount }, () => reviewRating(random, professional.quality));
    // The demo's professionals work around their address (demo-data.ts); a large catalogue's areas are generated.
    return { ...professional, ratings, ...summarizeRatings(ratings), ...(areas[i] ?? { area: professional.serviceArea }) };
  });
  const professionalIds = await insertUsers(manager, 'profesional', professionals, passwordHash);
  await insertProfiles(manager, professionalIds, professionals);

  const links: [number, number][] = [];
  const reviews: { professionalId: number; clientId: number; rating: number; comment: string; createdAt: string }[] = [];
  professionals.forEach((professional, index) => {
    const id = professionalIds[index];
    for (const name of professional.professionNames) links.push([id, professionIds.get(name)!]);
    for (const rating of professional.ratings) {
      reviews.push({
        professionalId: id,
        clientId: pick(random, clientIds),
        rating,
        comment: pick(random, REVIEW_COMMENTS[rating]),
        createdAt: new Date(BASE_DATE - Math.floor(random() * 300) * 86_400_000).toISOString(),
      });
    }
  });
  for (let start = 0; start < links.length; start += BATCH * 3) {
    const batch = links.slice(start, start + BATCH * 3);
    await manager.query(
      `INSERT INTO professional_professions (professional_id, profession_id) SELECT * FROM unnest($1::int[], $2::int[])`,
      [batch.map((l) => l[0]), batch.map((l) => l[1])],
    );
  }
  for (let start = 0; start < reviews.length; start += BATCH * 3) {
    const batch = reviews.slice(start, start + BATCH * 3);
    await manager.query(
      `INSERT INTO reviews (professional_id, client_id, rating, comment, created_at)
       SELECT * FROM unnest($1::int[], $2::int[], $3::smallint[], $4::text[], $5::timestamptz[])`,
      [
        batch.map((r) => r.professionalId),
        batch.map((r) => r.clientId),
        batch.map((r) => r.rating),
        batch.map((r) => r.comment),
        batch.map((r) => r.createdAt),
      ],
    );
  }
  await manager.query(`SELECT set_config('oficios.near_counts_deferred', 'off', true)`);
  await manager.query('SELECT catalog_recount_near()');
  return { professionals: professionals.length, clients: clients.length, reviews: reviews.length };
}
