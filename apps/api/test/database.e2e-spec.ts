import { verify } from '@node-rs/argon2';
import { nextBookableDateOf, refundIdempotencyKey } from '@oficios/domain';
import { MigrationExecutor, Not, type DataSource } from 'typeorm';
import { DEMO_PASSWORD } from '../src/config/demo';
import { CROSS_MODULE_FOREIGN_KEYS } from '../src/database/cross-module-keys';
import { seedDatabase } from '../src/database/seed/seed-catalogue';
import { OPEN_ORDER_OF_CART, recordsOf } from './factories';
import { runSqlFixture } from './support/sql-fixtures';
import { createTestDatabase, runMigrationsThrough, type TestDatabase } from './support/test-database';

const ADMIN = { adminEmail: 'Boss@Test.local', adminPassword: 'boss-password', demoAccounts: true };

/** The names of the migrations the database has run. */
const applied = async (dataSource: DataSource): Promise<string[]> =>
  (await new MigrationExecutor(dataSource).getExecutedMigrations()).map((migration) => migration.name);

/** Undoes migrations, newest first, until `name` (and whatever came after it) is undone. */
async function undoThrough(dataSource: DataSource, name: string): Promise<void> {
  while ((await applied(dataSource)).includes(name)) await dataSource.undoLastMigration();
}

/** The tables and columns of the database as its catalogue describes them (TypeORM's reading of it). */
async function schemaOf(dataSource: DataSource, tables?: string[]) {
  const runner = dataSource.createQueryRunner();
  try {
    return await runner.getTables(tables);
  } finally {
    await runner.release();
  }
}

describe('database', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db?.drop());

  it('has migrations that create exactly what the entities describe, plus the foreign keys between modules', async () => {
    const pending = await db.dataSource.driver.createSchemaBuilder().log();
    // Entities describe their own module's tables; the keys between modules live in the migrations alone.
    const crossModule = pending.upQueries.filter((q) =>
      CROSS_MODULE_FOREIGN_KEYS.some((name) => new RegExp(`^ALTER TABLE "\\w+" DROP CONSTRAINT "${name}"$`).test(q.query)),
    );
    expect(crossModule).toHaveLength(CROSS_MODULE_FOREIGN_KEYS.length);
    expect(pending.upQueries.filter((q) => !crossModule.includes(q)).map((q) => q.query)).toEqual([]);
  });

  it('has the listing indexes on the catalogue', async () => {
    const [professionals] = await schemaOf(db.dataSource, ['professionals']);
    expect(professionals.indices.map((index) => index.name)).toEqual(
      expect.arrayContaining([
        'professionals_name_idx',
        'professionals_name_desc_idx',
        'professionals_rating_idx',
        'professionals_rating_desc_idx',
        'professionals_search_name_trgm_idx',
      ]),
    );
  });

  it('seeds a demo catalogue once, and again changes nothing', async () => {
    const first = await seedDatabase(db.dataSource, { professionals: 48, ...ADMIN });
    expect(first).toMatchObject({ catalogueSeeded: true, professions: 12, professionals: 48 });
    const second = await seedDatabase(db.dataSource, { professionals: 48, ...ADMIN });
    expect(second.catalogueSeeded).toBe(false);
    const records = recordsOf(db.dataSource);
    const [users, reviews, professions] = [await records.countUsers(), await records.countReviews(), await records.countProfessions()];
    const links = (await records.professionalsWithProfessions()).reduce((sum, professional) => sum + professional.professions.length, 0);
    expect({ users, reviews, professions }).toEqual({ users: 48 + first.clients + 1, reviews: first.reviews, professions: 12 });
    expect(links).toBeGreaterThanOrEqual(48);
  });

  it('places the demo in real localities: professionals work around the locality of their address, clients live in one', async () => {
    const professionals: { address: string; locality: string; base: string; radius: number; region: string }[] = await db.dataSource.query(
      `SELECT p.address, p.locality, l.name AS base, p.area_radius_km AS radius, l.province AS region
       FROM professionals p JOIN localities l ON l.id = p.area_locality_id`,
    );
    expect(professionals).toHaveLength(48);
    for (const professional of professionals) {
      expect(professional.address).toMatch(new RegExp(`^[^,]+ \\d+, ${professional.base}$`));
      expect(professional.locality).toBe(professional.base);
      const [min, max] =
        professional.region === 'Ciudad Autónoma de Buenos Aires' ? [5, 15] : professional.region === 'Buenos Aires' ? [10, 25] : [15, 40];
      expect(professional.radius).toBeGreaterThanOrEqual(min);
      expect(professional.radius).toBeLessThanOrEqual(max);
    }
    expect(new Set(professionals.map((professional) => professional.region)).size).toBeGreaterThanOrEqual(4);
    const clients: { address: string; name: string | null }[] = await db.dataSource.query(
      `SELECT u.address, l.name FROM users u LEFT JOIN localities l ON l.id = u.locality_id WHERE u.type = 'cliente'`,
    );
    for (const client of clients) expect(client.address.endsWith(`, ${client.name}`)).toBe(true);
    const [{ count }] = await db.dataSource.query(`SELECT count(*)::int AS count FROM users WHERE address ILIKE '%Bogot%'`);
    expect(count).toBe(0);
  });

  it('creates the administrator from the configuration with a hashed password', async () => {
    const records = recordsOf(db.dataSource);
    const [admin] = await records.users({ type: 'administrador' });
    const adminHash = (await records.passwordHashOf({ type: 'administrador' }))!;
    expect(admin.email).toBe('boss@test.local');
    expect(adminHash).toMatch(/^\$argon2id\$/);
    expect(await verify(adminHash, ADMIN.adminPassword)).toBe(true);
    expect(await verify((await records.passwordHashOf({ type: 'cliente' }))!, DEMO_PASSWORD)).toBe(true);
  });

  it('gives every client a cart and keeps ratings consistent with reviews', async () => {
    const records = recordsOf(db.dataSource);
    const withCart = new Set((await records.carts()).map((cart) => cart.clientId));
    const missing = (await records.users({ type: 'cliente' })).filter((client) => !withCart.has(client.id)).length;
    expect(missing).toBe(0);
    const reviews = await records.reviews();
    const mismatched = (await records.professionals())
      .filter(({ id, rating, reputation }) => {
        const ratings = reviews.filter((review) => review.professionalId === id).map((review) => review.rating);
        const rounded = ratings.length === 0 ? 0 : Math.floor(ratings.reduce((sum, r) => sum + r, 0) / ratings.length + 0.5);
        return reputation !== ratings.length || rating !== rounded;
      })
      .map(({ id }) => ({ id }));
    expect(mismatched).toEqual([]);
  });

  it('is deterministic: another database gets the same catalogue', async () => {
    const other = await createTestDatabase();
    try {
      await seedDatabase(other.dataSource, { professionals: 48, ...ADMIN });
      const snapshot = async (source: TestDatabase) =>
        (await recordsOf(source.dataSource).professionals()).map(
          ({ firstName, lastName, email, address, phoneNumber, dayPriceCents, availableDays, rating, profileImg }) => ({
            firstName,
            lastName,
            email,
            address,
            phoneNumber,
            dayPriceCents,
            availableDays,
            rating,
            profileImg,
          }),
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
      const withPassword = await recordsOf(large.dataSource).countUsersWithPassword({ type: Not('administrador') });
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
      const users = await recordsOf(bare.dataSource).countUsers();
      expect(users).toBe(0);
    } finally {
      await bare.drop();
    }
  });

  it('charged-once migration: each cart keeps its newest open order, older duplicates are cancelled and recorded', async () => {
    const old = await createTestDatabase();
    try {
      // Back to before the migration, with orders made twice from one cart as the bug made them.
      await undoThrough(old.dataSource, 'ChargedOnce1764100000000');
      // A client and its cart as the schema then had them (the seed writes today's schema).
      await runSqlFixture(old.dataSource, 'charged-once');
      const orders = [201, 202, 203, 204];
      await old.dataSource.runMigrations({ transaction: 'each' });
      const records = recordsOf(old.dataSource);
      const after = (await records.orders()).map(({ id, status, cartId }) => ({ id, status, hasCart: cartId !== null }));
      expect(after).toEqual(
        ['cancelada', 'cancelada', 'procesando', 'creada'].map((status, index) => ({ id: orders[index], status, hasCart: true })),
      );
      const changes = (await records.orderStatusChanges()).map(({ orderId, fromStatus, toStatus, reason }) => ({
        orderId,
        fromStatus,
        toStatus,
        reason,
      }));
      expect(changes).toEqual(
        [orders[0], orders[1]].map((orderId) => ({ orderId, fromStatus: 'creada', toStatus: 'cancelada', reason: 'cart-changed' })),
      );
      expect((await records.payments()).map(({ status }) => ({ status }))).toEqual([{ status: 'cancelled' }]);
    } finally {
      await old.drop();
    }
  });

  it('module-ownership migration: professionals move to the catalogue with their professions, flagged payments become order alerts', async () => {
    const old = await createTestDatabase();
    try {
      await undoThrough(old.dataSource, 'ModuleOwnership1764300000000');
      await runSqlFixture(old.dataSource, 'module-ownership');
      const [pro, profession, order, payment] = [101, 301, 201, 401];
      await old.dataSource.runMigrations({ transaction: 'each' });
      const records = recordsOf(old.dataSource);
      expect(
        (await records.professionals()).map(
          ({ id, firstName, email, searchName, aboutMe, dayPriceCents, availableDays, rating, reputation }) => ({
            id,
            firstName,
            email,
            searchName,
            aboutMe,
            dayPriceCents,
            availableDays,
            rating,
            reputation,
          }),
        ),
      ).toEqual([
        {
          id: pro,
          firstName: 'Lía',
          email: 'lia@old.test',
          searchName: 'lia gomez',
          aboutMe: 'Plomera',
          dayPriceCents: 1250050,
          availableDays: ['lunes', 'martes'],
          rating: 4,
          reputation: 3,
        },
      ]);
      expect(
        (await records.professionalsWithProfessions()).flatMap(({ id, professions }) =>
          professions.map((held) => ({ professionalId: id, professionId: held.id })),
        ),
      ).toEqual([{ professionalId: pro, professionId: profession }]);
      const [users] = await schemaOf(old.dataSource, ['users']);
      const columns = users.columns.filter((column) => ['about_me', 'day_price', 'rating', 'search_name'].includes(column.name));
      expect(columns).toEqual([]);
      expect(
        (await records.paymentAlerts()).map(({ orderId, paymentId, needsReview, refundDue, reason }) => ({
          orderId,
          paymentId,
          needsReview,
          refundDue,
          reason,
        })),
      ).toEqual([{ orderId: order, paymentId: payment, needsReview: true, refundDue: true, reason: 'Moneda USD en vez de ARS' }]);
      // And back: the accounts get their professional columns again (a schema no entity describes).
      await undoThrough(old.dataSource, 'ModuleOwnership1764300000000');
      expect(await old.dataSource.query('SELECT day_price::float8 AS day_price, search_name FROM users ORDER BY id')).toEqual([
        { day_price: 12500.5, search_name: 'lia gomez' },
        { day_price: null, search_name: 'ana paz' },
      ]);
    } finally {
      await old.drop();
    }
  });

  it('money-in-cents migration: every money column becomes bigint cents without loss, and back', async () => {
    const old = await createTestDatabase();
    try {
      // Back to before it (and whatever came after it).
      await undoThrough(old.dataSource, 'MoneyInCents1764700000000');
      await runSqlFixture(old.dataSource, 'money-in-cents');
      await old.dataSource.runMigrations({ transaction: 'each' });
      const records = recordsOf(old.dataSource);
      const [professional] = await records.professionals();
      const [order] = await records.orders();
      const [line] = await records.bookings();
      const [payment] = await records.payments();
      const cents = {
        day_price: String(professional.dayPriceCents),
        amount: String(order.amountCents),
        reservation: String(line.reservationAmountCents),
        payment: String(payment.amountCents),
      };
      expect(cents).toEqual({ day_price: '1250055', amount: '999999999999', reservation: '1', payment: '3751210' });
      await undoThrough(old.dataSource, 'MoneyInCents1764700000000');
      // The pesos columns again: a schema no entity describes.
      const [pesos] = await old.dataSource.query(
        `SELECT (SELECT day_price::text FROM professionals) AS day_price, (SELECT amount::text FROM orders) AS amount,
                (SELECT reservation_amount::text FROM order_details) AS reservation, (SELECT amount::text FROM payments) AS payment`,
      );
      expect(pesos).toEqual({ day_price: '12500.55', amount: '9999999999.99', reservation: '0.01', payment: '37512.10' });
    } finally {
      await old.drop();
    }
  });

  it('dated-bookings migration: each line gets the life-cycle status of its order’s spec status, and no dates', async () => {
    const old = await createTestDatabase();
    try {
      // Back to before it (and whatever came after it).
      await undoThrough(old.dataSource, 'DatedBookings1764800000000');
      await runSqlFixture(old.dataSource, 'dated-bookings');
      // Only this migration: the next ones date the live lines. The table under its old name, which no entity describes.
      await runMigrationsThrough(old.dataSource, 'DatedBookings1764800000000');
      expect(
        await old.dataSource.query(
          `SELECT status::text, line_status::text AS "lineStatus", dates::text[], refunded_cents::int AS refunded FROM order_details ORDER BY id`,
        ),
      ).toEqual([
        { status: 'creada', lineStatus: 'awaiting_payment', dates: [], refunded: 0 },
        { status: 'procesando', lineStatus: 'confirmed', dates: [], refunded: 0 },
        { status: 'completa', lineStatus: 'done', dates: [], refunded: 0 },
        { status: 'cancelada', lineStatus: 'cancelled_by_admin', dates: [], refunded: 0 },
      ]);
    } finally {
      await old.drop();
    }
  });

  it('dated-only migration: weekday-only bookings and cart lines get their next bookable dates, or leave with a notice', async () => {
    const old = await createTestDatabase();
    try {
      await undoThrough(old.dataSource, 'DatedOnly1765500000001');
      await runSqlFixture(old.dataSource, 'dated-only');
      await old.dataSource.runMigrations({ transaction: 'each' });
      const records = recordsOf(old.dataSource);
      const nextMonday = nextBookableDateOf('lunes', { now: new Date(), availableDays: ['lunes'], blocked: [], taken: [] })!;
      expect((await records.bookings()).map(({ id, dates, lineStatus }) => ({ id, dates, lineStatus }))).toEqual([
        { id: 501, dates: [nextMonday], lineStatus: 'awaiting_professional' },
        { id: 502, dates: [], lineStatus: 'cancelled_by_admin' },
      ]);
      expect((await records.holds()).map(({ lineId, date, bookedAt }) => ({ lineId, date, booked: bookedAt !== null }))).toEqual([
        { lineId: 501, date: nextMonday, booked: true },
      ]);
      // The paid booking that could not be dated is refunded in full, through payments' usual event.
      expect((await records.refunds({ bookingId: 502 })).map(({ cause, amountCents }) => ({ cause, amountCents }))).toEqual([
        { cause: 'admin_cancelled', amountCents: 20000 },
      ]);
      expect((await records.outboxEvents('BookingRefundRequested')).map((event) => event.payload)).toEqual([
        expect.objectContaining({ lineId: 502, amountCents: 20000, cause: 'admin_cancelled' }),
      ]);
      // The cart keeps the line it could date (past the Monday the booking now holds) and the empty one (its dates are
      // picked later); the other leaves, with a notice, as the cancelled booking has one.
      const followingMonday = nextBookableDateOf('lunes', { now: new Date(), availableDays: ['lunes'], blocked: [], taken: [nextMonday] });
      expect((await records.cartDetails()).map(({ professionalId, days, dates }) => ({ professionalId, days, dates }))).toEqual([
        { professionalId: 101, days: ['lunes'], dates: [followingMonday] },
        { professionalId: 104, days: [], dates: [] },
      ]);
      expect(await records.notifications({ userId: 103, kind: 'booking-undated' })).toHaveLength(2);
    } finally {
      await old.drop();
    }
  });

  it('one-refund-record migration: every booking refund is kept in payments’ record, once, under its key', async () => {
    const old = await createTestDatabase();
    try {
      await undoThrough(old.dataSource, 'OneRefundRecord1765500000002');
      await runSqlFixture(old.dataSource, 'one-refund-record');
      await old.dataSource.runMigrations({ transaction: 'each' });
      expect(
        (await recordsOf(old.dataSource).refunds({ bookingId: 501 })).map(
          ({ paymentId, cause, amountCents, status, idempotencyKey, providerRefundId }) => ({
            paymentId,
            cause,
            amountCents,
            status,
            idempotencyKey,
            providerRefundId,
          }),
        ),
      ).toEqual([
        {
          paymentId: 601,
          cause: 'declined',
          amountCents: 15000,
          status: 'approved',
          idempotencyKey: refundIdempotencyKey(501, 'declined'),
          providerRefundId: 'r-1',
        },
        {
          paymentId: 601,
          cause: 'dispute',
          amountCents: 5000,
          status: 'requested',
          idempotencyKey: refundIdempotencyKey(501, 'dispute'),
          providerRefundId: null,
        },
      ]);
      // And back: the bookings' own record again, with both (a schema no entity describes).
      await undoThrough(old.dataSource, 'OneRefundRecord1765500000002');
      expect(
        await old.dataSource.query(`SELECT cause::text, amount_cents::int AS amount, status::text FROM booking_refunds ORDER BY id`),
      ).toEqual([
        { cause: 'declined', amount: 15000, status: 'approved' },
        { cause: 'dispute', amount: 5000, status: 'requested' },
      ]);
    } finally {
      await old.drop();
    }
  });

  it('finds a cart’s open order by the open-order key, even when the statistics know of no unpaid order', async () => {
    await seedDatabase(db.dataSource, { professionals: 48, ...ADMIN });
    // A marketplace with many paid orders, analysed at a moment when none was waiting for payment, then 1,000
    // clients checking out (each cart its unpaid order).
    await runSqlFixture(db.dataSource, 'open-orders');
    const cartId = await recordsOf(db.dataSource).newestOrderCartId();
    const [{ 'QUERY PLAN': plan }] = await db.dataSource.query(`EXPLAIN (FORMAT JSON) ${OPEN_ORDER_OF_CART}`, [cartId]);
    // The status index would walk every unpaid order's entry, more of them with each checkout.
    expect(JSON.stringify(plan).match(/"Index Name":"\w+"/g)).toEqual(['"Index Name":"orders_open_cart_key"']);
  });

  it('can undo every migration, newest first', async () => {
    const fresh = await createTestDatabase();
    try {
      const count = (await applied(fresh.dataSource)).length;
      for (let i = 0; i < count; i++) await fresh.dataSource.undoLastMigration();
      // Tables of the public schema are named bare; others carry their schema.
      const tables = (await schemaOf(fresh.dataSource))
        .map((table) => table.name)
        .filter((name) => !name.includes('.') && name !== 'migrations');
      expect(tables).toEqual([]);
    } finally {
      await fresh.drop();
    }
  });
});
