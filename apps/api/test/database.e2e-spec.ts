import { verify } from '@node-rs/argon2';
import { DEMO_PASSWORD } from '../src/config/demo';
import { seedDatabase } from '../src/database/seed/seed-catalogue';
import { createTestDatabase, type TestDatabase } from './support/test-database';

const ADMIN = { adminEmail: 'Boss@Test.local', adminPassword: 'boss-password', demoAccounts: true };

describe('database', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db?.drop());

  it('has migrations that create exactly what the entities describe', async () => {
    const pending = await db.dataSource.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
  });

  it('has the listing indexes', async () => {
    const rows: { indexname: string }[] = await db.dataSource.query(`SELECT indexname FROM pg_indexes WHERE tablename = 'users'`);
    expect(rows.map((r) => r.indexname)).toEqual(
      expect.arrayContaining([
        'users_professional_name_idx',
        'users_professional_name_desc_idx',
        'users_professional_rating_idx',
        'users_professional_rating_desc_idx',
        'users_search_name_trgm_idx',
      ]),
    );
  });

  it('seeds a demo catalogue once, and again changes nothing', async () => {
    const first = await seedDatabase(db.dataSource, { professionals: 48, ...ADMIN });
    expect(first).toMatchObject({ catalogueSeeded: true, professions: 12, professionals: 48 });
    const second = await seedDatabase(db.dataSource, { professionals: 48, ...ADMIN });
    expect(second.catalogueSeeded).toBe(false);
    const [{ users, reviews, professions, links }] = await db.dataSource.query(
      `SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM reviews) AS reviews,
              (SELECT count(*)::int FROM professions) AS professions, (SELECT count(*)::int FROM professional_professions) AS links`,
    );
    expect({ users, reviews, professions }).toEqual({ users: 48 + first.clients + 1, reviews: first.reviews, professions: 12 });
    expect(links).toBeGreaterThanOrEqual(48);
  });

  it('creates the administrator from the configuration with a hashed password', async () => {
    const [admin] = await db.dataSource.query(`SELECT email, password_hash FROM users WHERE type = 'administrador'`);
    expect(admin.email).toBe('boss@test.local');
    expect(admin.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verify(admin.password_hash, ADMIN.adminPassword)).toBe(true);
    const [client] = await db.dataSource.query(`SELECT password_hash FROM users WHERE type = 'cliente' LIMIT 1`);
    expect(await verify(client.password_hash, DEMO_PASSWORD)).toBe(true);
  });

  it('gives every client a cart and keeps ratings consistent with reviews', async () => {
    const [{ missing }] = await db.dataSource.query(
      `SELECT count(*)::int AS missing FROM users u WHERE u.type = 'cliente' AND NOT EXISTS (SELECT 1 FROM carts c WHERE c.client_id = u.id)`,
    );
    expect(missing).toBe(0);
    const mismatched = await db.dataSource.query(`
      SELECT u.id FROM users u LEFT JOIN reviews r ON r.professional_id = u.id
      WHERE u.type = 'profesional' GROUP BY u.id, u.rating, u.reputation
      HAVING u.reputation <> count(r.id) OR u.rating <> COALESCE(floor(avg(r.rating) + 0.5), 0)`);
    expect(mismatched).toEqual([]);
  });

  it('is deterministic: another database gets the same catalogue', async () => {
    const other = await createTestDatabase();
    try {
      await seedDatabase(other.dataSource, { professionals: 48, ...ADMIN });
      const snapshot = (source: TestDatabase) =>
        source.dataSource.query(
          `SELECT first_name, last_name, email, address, phone_number, day_price, available_days, rating, profile_img
           FROM users WHERE type = 'profesional' ORDER BY id`,
        );
      expect(await snapshot(other)).toEqual(await snapshot(db));
    } finally {
      await other.drop();
    }
  });

  it('builds a large catalogue for benchmarks', async () => {
    const large = await createTestDatabase();
    try {
      const report = await seedDatabase(large.dataSource, { professionals: 2000, ...ADMIN, demoAccounts: false });
      expect(report).toMatchObject({ catalogueSeeded: true, professionals: 2000 });
      expect(report.clients).toBe(100);
      // Without demo accounts nobody can sign in as a seeded person.
      const [{ withPassword }] = await large.dataSource.query(
        `SELECT count(*)::int AS "withPassword" FROM users WHERE type <> 'administrador' AND password_hash IS NOT NULL`,
      );
      expect(withPassword).toBe(0);
    } finally {
      await large.drop();
    }
  });

  it('seeds only the professions and the administrator without a catalogue, and no administrator without a password', async () => {
    const bare = await createTestDatabase();
    try {
      const report = await seedDatabase(bare.dataSource, {
        professionals: 0,
        adminEmail: 'boss@test.local',
        adminPassword: null,
        demoAccounts: false,
      });
      expect(report).toMatchObject({ catalogueSeeded: false, professions: 12 });
      const [{ users }] = await bare.dataSource.query('SELECT count(*)::int AS users FROM users');
      expect(users).toBe(0);
    } finally {
      await bare.drop();
    }
  });

  it('charged-once migration: each cart keeps its newest open order, older duplicates are cancelled and recorded', async () => {
    const old = await createTestDatabase();
    try {
      // Back to before the migration, with orders made twice from one cart as the bug made them.
      const applied = async () =>
        ((await old.dataSource.query('SELECT name FROM migrations')) as { name: string }[]).map((row) => row.name);
      while ((await applied()).includes('ChargedOnce1764100000000')) await old.dataSource.undoLastMigration();
      await seedDatabase(old.dataSource, { professionals: 2, ...ADMIN });
      const [{ client }] = await old.dataSource.query(`SELECT client_id AS client FROM carts LIMIT 1`);
      const orders: number[] = [];
      for (const status of ['creada', 'creada', 'procesando', 'creada'])
        orders.push(
          (
            await old.dataSource.query(`INSERT INTO orders (client_id, amount, status) VALUES ($1, 100, $2) RETURNING id`, [client, status])
          )[0].id,
        );
      await old.dataSource.query(`INSERT INTO payments (order_id, provider, amount) VALUES ($1, 'sandbox', 100)`, [orders[0]]);
      await old.dataSource.runMigrations({ transaction: 'each' });
      const after = await old.dataSource.query(`SELECT id, status, cart_id IS NOT NULL AS "hasCart" FROM orders ORDER BY id`);
      expect(after).toEqual(
        ['cancelada', 'cancelada', 'procesando', 'creada'].map((status, index) => ({ id: orders[index], status, hasCart: true })),
      );
      const changes = await old.dataSource.query(
        'SELECT order_id, from_status, to_status, reason FROM order_status_changes ORDER BY order_id',
      );
      expect(changes).toEqual(
        [orders[0], orders[1]].map((order_id) => ({ order_id, from_status: 'creada', to_status: 'cancelada', reason: 'cart-changed' })),
      );
      expect(await old.dataSource.query('SELECT status FROM payments')).toEqual([{ status: 'cancelled' }]);
    } finally {
      await old.drop();
    }
  });

  it('can undo every migration, newest first', async () => {
    const fresh = await createTestDatabase();
    try {
      const applied: { count: number }[] = await fresh.dataSource.query('SELECT count(*)::int AS count FROM migrations');
      for (let i = 0; i < applied[0].count; i++) await fresh.dataSource.undoLastMigration();
      const tables = await fresh.dataSource.query(
        `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'migrations'`,
      );
      expect(tables).toEqual([]);
    } finally {
      await fresh.drop();
    }
  });
});
