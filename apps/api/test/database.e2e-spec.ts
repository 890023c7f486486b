import { verify } from '@node-rs/argon2';
import { nextBookableDateOf, refundIdempotencyKey } from '@oficios/domain';
import { DEMO_PASSWORD } from '../src/config/demo';
import { CROSS_MODULE_FOREIGN_KEYS } from '../src/database/cross-module-keys';
import { seedDatabase } from '../src/database/seed/seed-catalogue';
import { OPEN_ORDER_OF_CART } from '../src/modules/orders/orders.repository';
import { createTestDatabase, runMigrationsThrough, type TestDatabase } from './support/test-database';

const ADMIN = { adminEmail: 'Boss@Test.local', adminPassword: 'boss-password', demoAccounts: true };

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
    const rows: { indexname: string }[] = await db.dataSource.query(`SELECT indexname FROM pg_indexes WHERE tablename = 'professionals'`);
    expect(rows.map((r) => r.indexname)).toEqual(
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
      SELECT u.id FROM professionals u LEFT JOIN reviews r ON r.professional_id = u.id
      GROUP BY u.id, u.rating, u.reputation
      HAVING u.reputation <> count(r.id) OR u.rating <> COALESCE(floor(avg(r.rating) + 0.5), 0)`);
    expect(mismatched).toEqual([]);
  });

  it('is deterministic: another database gets the same catalogue', async () => {
    const other = await createTestDatabase();
    try {
      await seedDatabase(other.dataSource, { professionals: 48, ...ADMIN });
      const snapshot = (source: TestDatabase) =>
        source.dataSource.query(
          `SELECT first_name, last_name, email, address, phone_number, day_price_cents, available_days, rating, profile_img
           FROM professionals ORDER BY id`,
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
      // A client and its cart as the schema then had them (the seed writes today's schema).
      const [{ id: client }] = await old.dataSource.query(
        `INSERT INTO users (type, first_name, last_name, email, search_name) VALUES ('cliente', 'Ana', 'Paz', 'ana@old.test', 'ana paz') RETURNING id`,
      );
      await old.dataSource.query('INSERT INTO carts (client_id) VALUES ($1)', [client]);
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

  it('module-ownership migration: professionals move to the catalogue with their professions, flagged payments become order alerts', async () => {
    const old = await createTestDatabase();
    try {
      const applied = async () =>
        ((await old.dataSource.query('SELECT name FROM migrations')) as { name: string }[]).map((row) => row.name);
      const undoOwnership = async () => {
        while ((await applied()).includes('ModuleOwnership1764300000000')) await old.dataSource.undoLastMigration();
      };
      await undoOwnership();
      const [{ id: pro }] = await old.dataSource.query(
        `INSERT INTO users (type, first_name, last_name, email, search_name, about_me, day_price, available_days, rating, reputation)
         VALUES ('profesional', 'Lía', 'Gómez', 'lia@old.test', 'lia gomez', 'Plomera', 12500.5, '{lunes,martes}', 4, 3) RETURNING id`,
      );
      const [{ id: client }] = await old.dataSource.query(
        `INSERT INTO users (type, first_name, last_name, email, search_name) VALUES ('cliente', 'Ana', 'Paz', 'ana@old.test', 'ana paz') RETURNING id`,
      );
      const [{ id: profession }] = await old.dataSource.query(`INSERT INTO professions (name) VALUES ('plomero') RETURNING id`);
      await old.dataSource.query('INSERT INTO professional_professions (professional_id, profession_id) VALUES ($1, $2)', [
        pro,
        profession,
      ]);
      const [{ id: order }] = await old.dataSource.query(`INSERT INTO orders (client_id, amount) VALUES ($1, 100) RETURNING id`, [client]);
      const [{ id: payment }] = await old.dataSource.query(
        `INSERT INTO payments (order_id, provider, amount, status, needs_review, refund_due, review_reason)
         VALUES ($1, 'sandbox', 100, 'approved', true, true, 'Moneda USD en vez de ARS') RETURNING id`,
        [order],
      );
      await old.dataSource.runMigrations({ transaction: 'each' });
      expect(
        await old.dataSource.query(
          'SELECT id, first_name, email, search_name, about_me, day_price_cents::int AS day_price_cents, available_days, rating, reputation FROM professionals',
        ),
      ).toEqual([
        {
          id: pro,
          first_name: 'Lía',
          email: 'lia@old.test',
          search_name: 'lia gomez',
          about_me: 'Plomera',
          day_price_cents: 1250050,
          available_days: ['lunes', 'martes'],
          rating: 4,
          reputation: 3,
        },
      ]);
      expect(await old.dataSource.query('SELECT professional_id, profession_id FROM professional_professions')).toEqual([
        { professional_id: pro, profession_id: profession },
      ]);
      const columns: { column_name: string }[] = await old.dataSource.query(
        `SELECT column_name FROM information_schema.columns WHERE table_name = 'users' AND column_name IN ('about_me', 'day_price', 'rating', 'search_name')`,
      );
      expect(columns).toEqual([]);
      expect(await old.dataSource.query('SELECT order_id, payment_id, needs_review, refund_due, reason FROM order_payment_alerts')).toEqual(
        [{ order_id: order, payment_id: payment, needs_review: true, refund_due: true, reason: 'Moneda USD en vez de ARS' }],
      );
      // And back: the accounts get their professional columns again.
      await undoOwnership();
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
      const applied = async () =>
        ((await old.dataSource.query('SELECT name FROM migrations')) as { name: string }[]).map((row) => row.name);
      while ((await applied()).includes('MoneyInCents1764700000000')) await old.dataSource.undoLastMigration();
      const [{ id: pro }] = await old.dataSource.query(
        `INSERT INTO users (type, first_name, last_name, email) VALUES ('profesional', 'Lía', 'Gómez', 'lia@old.test') RETURNING id`,
      );
      await old.dataSource.query(
        `INSERT INTO professionals (id, first_name, last_name, email, search_name, day_price) VALUES ($1, 'Lía', 'Gómez', 'lia@old.test', 'lia gomez', 12500.55)`,
        [pro],
      );
      const [{ id: client }] = await old.dataSource.query(
        `INSERT INTO users (type, first_name, last_name, email) VALUES ('cliente', 'Ana', 'Paz', 'ana@old.test') RETURNING id`,
      );
      // 9.999.999.999,99 pesos: the largest numeric(12,2), far past an int of cents.
      const [{ id: order }] = await old.dataSource.query(`INSERT INTO orders (client_id, amount) VALUES ($1, 9999999999.99) RETURNING id`, [
        client,
      ]);
      await old.dataSource.query(
        `INSERT INTO order_details (order_id, client_id, professional_id, days, reservation_amount) VALUES ($1, $2, $3, '{lunes}', 0.01)`,
        [order, client, pro],
      );
      await old.dataSource.query(`INSERT INTO payments (order_id, provider, amount) VALUES ($1, 'sandbox', 37512.1)`, [order]);
      await old.dataSource.runMigrations({ transaction: 'each' });
      const [cents] = await old.dataSource.query(
        `SELECT (SELECT day_price_cents::text FROM professionals) AS day_price, (SELECT amount_cents::text FROM orders) AS amount,
                (SELECT reservation_amount_cents::text FROM bookings) AS reservation, (SELECT amount_cents::text FROM payments) AS payment`,
      );
      expect(cents).toEqual({ day_price: '1250055', amount: '999999999999', reservation: '1', payment: '3751210' });
      while ((await applied()).includes('MoneyInCents1764700000000')) await old.dataSource.undoLastMigration();
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
      const applied = async () =>
        ((await old.dataSource.query('SELECT name FROM migrations')) as { name: string }[]).map((row) => row.name);
      while ((await applied()).includes('DatedBookings1764800000000')) await old.dataSource.undoLastMigration();
      const [{ id: pro }] = await old.dataSource.query(
        `INSERT INTO users (type, first_name, last_name, email) VALUES ('profesional', 'Lía', 'Gómez', 'lia@old.test') RETURNING id`,
      );
      await old.dataSource.query(
        `INSERT INTO professionals (id, first_name, last_name, email, search_name) VALUES ($1, 'Lía', 'Gómez', 'lia@old.test', 'lia gomez')`,
        [pro],
      );
      const [{ id: client }] = await old.dataSource.query(
        `INSERT INTO users (type, first_name, last_name, email) VALUES ('cliente', 'Ana', 'Paz', 'ana@old.test') RETURNING id`,
      );
      for (const status of ['creada', 'procesando', 'completa', 'cancelada']) {
        const [{ id: order }] = await old.dataSource.query(
          `INSERT INTO orders (client_id, amount_cents, status) VALUES ($1, 100, $2) RETURNING id`,
          [client, status],
        );
        await old.dataSource.query(
          `INSERT INTO order_details (order_id, client_id, professional_id, days, reservation_amount_cents, status)
           VALUES ($1, $2, $3, '{lunes}', 100, $4)`,
          [order, client, pro, status],
        );
      }
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
      const applied = async () =>
        ((await old.dataSource.query('SELECT name FROM migrations')) as { name: string }[]).map((row) => row.name);
      while ((await applied()).includes('DatedOnly1765500000001')) await old.dataSource.undoLastMigration();
      const person = async (type: string, email: string) =>
        (
          await old.dataSource.query(`INSERT INTO users (type, first_name, last_name, email) VALUES ($1, 'Ana', 'Paz', $2) RETURNING id`, [
            type,
            email,
          ])
        )[0].id as number;
      const [mondays, never, other, client] = [
        await person('profesional', 'lunes@old.test'),
        await person('profesional', 'nunca@old.test'),
        await person('profesional', 'otro@old.test'),
        await person('cliente', 'ana@old.test'),
      ];
      await old.dataSource.query(
        `INSERT INTO professionals (id, first_name, last_name, email, search_name, available_days)
         VALUES ($1, 'Lía', 'Lunes', 'lunes@old.test', 'lia lunes', '{lunes}'), ($2, 'Nino', 'Nunca', 'nunca@old.test', 'nino nunca', '{}'),
                ($3, 'Otto', 'Otro', 'otro@old.test', 'otto otro', '{lunes}')`,
        [mondays, never, other],
      );
      const [{ id: order }] = await old.dataSource.query(
        `INSERT INTO orders (client_id, amount_cents, status) VALUES ($1, 30000, 'procesando') RETURNING id`,
        [client],
      );
      const booking = async (professional: number, amount: number) =>
        (
          await old.dataSource.query(
            `INSERT INTO bookings (order_id, client_id, professional_id, days, reservation_amount_cents, status, line_status)
             VALUES ($1, $2, $3, '{lunes}', $4, 'procesando', 'awaiting_professional') RETURNING id`,
            [order, client, professional, amount],
          )
        )[0].id as number;
      const [dated, undatable] = [await booking(mondays, 10000), await booking(never, 20000)];
      await old.dataSource.query(
        `INSERT INTO payments (order_id, provider, amount_cents, status, provider_payment_id) VALUES ($1, 'sandbox', 30000, 'approved', 'mp-1')`,
        [order],
      );
      const [{ id: cart }] = await old.dataSource
        .query(`SELECT id FROM carts WHERE client_id = $1`, [client])
        .then((rows) =>
          rows.length > 0 ? rows : old.dataSource.query(`INSERT INTO carts (client_id) VALUES ($1) RETURNING id`, [client]),
        );
      await old.dataSource.query(
        `INSERT INTO cart_details (cart_id, professional_id, days, dates) VALUES ($1, $2, '{lunes}', '{}'), ($1, $3, '{lunes}', '{}'), ($1, $4, '{}', '{}')`,
        [cart, mondays, never, other],
      );

      await old.dataSource.runMigrations({ transaction: 'each' });
      const nextMonday = nextBookableDateOf('lunes', { now: new Date(), availableDays: ['lunes'], blocked: [], taken: [] });
      expect(await old.dataSource.query(`SELECT id, dates::text[], line_status::text AS status FROM bookings ORDER BY id`)).toEqual([
        { id: dated, dates: [nextMonday], status: 'awaiting_professional' },
        { id: undatable, dates: [], status: 'cancelled_by_admin' },
      ]);
      expect(
        await old.dataSource.query(
          `SELECT line_id AS "lineId", date::text, booked_at IS NOT NULL AS booked FROM booking_holds ORDER BY id`,
        ),
      ).toEqual([{ lineId: dated, date: nextMonday, booked: true }]);
      // The paid booking that could not be dated is refunded in full, through payments' usual event.
      expect(
        await old.dataSource.query(`SELECT line_id AS "lineId", cause::text, amount_cents::int AS amount FROM payment_refunds`),
      ).toEqual([{ lineId: undatable, cause: 'admin_cancelled', amount: 20000 }]);
      expect(
        (await old.dataSource.query(`SELECT type, payload FROM outbox_events WHERE type = 'BookingRefundRequested'`)).map(
          (row: { payload: { lineId: number; amountCents: number } }) => row.payload,
        ),
      ).toEqual([expect.objectContaining({ lineId: undatable, amountCents: 20000, cause: 'admin_cancelled' })]);
      // The cart keeps the line it could date (past the Monday the booking now holds) and the empty one (dates are picked
      // later); the other leaves, with a notice.
      const followingMonday = nextBookableDateOf('lunes', { now: new Date(), availableDays: ['lunes'], blocked: [], taken: [nextMonday!] });
      expect(
        await old.dataSource.query(`SELECT professional_id AS "professionalId", days, dates::text[] FROM cart_details ORDER BY id`),
      ).toEqual([
        { professionalId: mondays, days: ['lunes'], dates: [followingMonday] },
        { professionalId: other, days: [], dates: [] },
      ]);
      expect(
        (
          await old.dataSource.query(`SELECT message FROM notifications WHERE user_id = $1 AND kind = 'booking-undated' ORDER BY id`, [
            client,
          ])
        ).length,
      ).toBe(2);
    } finally {
      await old.drop();
    }
  });

  it('one-refund-record migration: every booking refund is kept in payments’ record, once, under its key', async () => {
    const old = await createTestDatabase();
    try {
      const applied = async () =>
        ((await old.dataSource.query('SELECT name FROM migrations')) as { name: string }[]).map((row) => row.name);
      while ((await applied()).includes('OneRefundRecord1765500000002')) await old.dataSource.undoLastMigration();
      const [{ id: pro }] = await old.dataSource.query(
        `INSERT INTO users (type, first_name, last_name, email) VALUES ('profesional', 'Lía', 'Gómez', 'lia@old.test') RETURNING id`,
      );
      await old.dataSource.query(
        `INSERT INTO professionals (id, first_name, last_name, email, search_name) VALUES ($1, 'Lía', 'Gómez', 'lia@old.test', 'lia gomez')`,
        [pro],
      );
      const [{ id: client }] = await old.dataSource.query(
        `INSERT INTO users (type, first_name, last_name, email) VALUES ('cliente', 'Ana', 'Paz', 'ana@old.test') RETURNING id`,
      );
      const [{ id: order }] = await old.dataSource.query(
        `INSERT INTO orders (client_id, amount_cents, status) VALUES ($1, 20000, 'procesando') RETURNING id`,
        [client],
      );
      const [{ id: payment }] = await old.dataSource.query(
        `INSERT INTO payments (order_id, provider, amount_cents, status, provider_payment_id) VALUES ($1, 'sandbox', 20000, 'approved', 'mp-1') RETURNING id`,
        [order],
      );
      const [{ id: booking }] = await old.dataSource.query(
        `INSERT INTO bookings (order_id, client_id, professional_id, days, dates, reservation_amount_cents, status, line_status)
         VALUES ($1, $2, $3, '{lunes}', '{2026-12-07}', 20000, 'procesando', 'declined') RETURNING id`,
        [order, client, pro],
      );
      // One refund payments had taken up already (its row is there), one still waiting for its job.
      await old.dataSource.query(
        `INSERT INTO booking_refunds (line_id, cause, amount_cents, status) VALUES ($1, 'declined', 15000, 'approved'), ($1, 'dispute', 5000, 'requested')`,
        [booking],
      );
      await old.dataSource.query(
        `INSERT INTO payment_refunds (payment_id, order_id, line_id, client_id, cause, amount_cents, idempotency_key, status, provider_refund_id)
         VALUES ($1, $2, $3, $4, 'declined', 15000, $5, 'approved', 'r-1')`,
        [payment, order, booking, client, refundIdempotencyKey(booking, 'declined')],
      );
      await old.dataSource.runMigrations({ transaction: 'each' });
      expect(
        await old.dataSource.query(
          `SELECT payment_id AS "paymentId", cause::text, amount_cents::int AS amount, status::text, idempotency_key AS key, provider_refund_id AS "providerRefundId"
           FROM payment_refunds ORDER BY id`,
        ),
      ).toEqual([
        {
          paymentId: payment,
          cause: 'declined',
          amount: 15000,
          status: 'approved',
          key: refundIdempotencyKey(booking, 'declined'),
          providerRefundId: 'r-1',
        },
        {
          paymentId: payment,
          cause: 'dispute',
          amount: 5000,
          status: 'requested',
          key: refundIdempotencyKey(booking, 'dispute'),
          providerRefundId: null,
        },
      ]);
      expect(await old.dataSource.query(`SELECT to_regclass('booking_refunds') AS "table"`)).toEqual([{ table: null }]);
      // And back: the bookings' own record again, with both.
      await old.dataSource.undoLastMigration();
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
    // A marketplace with many paid orders, analysed at a moment when none was waiting for payment…
    await db.dataSource.query(
      `INSERT INTO orders (client_id, amount_cents, status)
       SELECT (SELECT min(id) FROM users WHERE type = 'cliente'), 100000, 'procesando' FROM generate_series(1, 20000)`,
    );
    await db.dataSource.query('ANALYZE orders');
    // …then 1,000 clients checking out (each cart its unpaid order).
    await db.dataSource.query(
      `WITH clients AS (
         INSERT INTO users (type, first_name, last_name, email)
         SELECT 'cliente', 'Ana', 'Paga', 'paga-' || n || '@test.local' FROM generate_series(1, 1000) AS n RETURNING id
       ), carts AS (INSERT INTO carts (client_id) SELECT id FROM clients RETURNING id, client_id)
       INSERT INTO orders (client_id, cart_id, amount_cents) SELECT client_id, id, 100000 FROM carts`,
    );
    const [{ cartId }]: { cartId: number }[] = await db.dataSource.query(`SELECT max(cart_id) AS "cartId" FROM orders`);
    const [{ 'QUERY PLAN': plan }] = await db.dataSource.query(`EXPLAIN (FORMAT JSON) ${OPEN_ORDER_OF_CART}`, [cartId]);
    // The status index would walk every unpaid order's entry, more of them with each checkout.
    expect(JSON.stringify(plan).match(/"Index Name":"\w+"/g)).toEqual(['"Index Name":"orders_open_cart_key"']);
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
