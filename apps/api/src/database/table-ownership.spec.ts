import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { RENAMED_TABLES } from './migrations/1765500000000-bookings-module';

/**
 * Each module owns its tables: only its code names them in SQL, and only its repositories (`*.repository.ts`) reach
 * the database. Lint keeps modules from importing each other's entities and repositories (eslint.config.mjs); this
 * reads the SQL. The migrations and the seed (apps/api/src/database) are the only other code that touches tables.
 */
const OWNERS: Record<string, string> = {
  users: 'modules/identity',
  user_sessions: 'modules/identity',
  password_reset_tokens: 'modules/identity',
  email_verification_tokens: 'modules/identity',
  professionals: 'modules/catalog',
  professions: 'modules/catalog',
  professional_professions: 'modules/catalog',
  professional_listing: 'modules/catalog',
  professional_counts: 'modules/catalog',
  professional_near_counts: 'modules/catalog',
  carts: 'modules/cart',
  cart_details: 'modules/cart',
  orders: 'modules/orders',
  order_status_changes: 'modules/orders',
  order_payment_alerts: 'modules/orders',
  bookings: 'modules/bookings',
  booking_transitions: 'modules/bookings',
  booking_disputes: 'modules/bookings',
  booking_holds: 'modules/calendar',
  blocked_dates: 'modules/calendar',
  payments: 'modules/payments',
  payment_refunds: 'modules/payments',
  reviews: 'modules/reviews',
  notifications: 'modules/notifications',
  outbox_events: 'modules/outbox',
  idempotency_keys: 'common/idempotency',
  conversations: 'modules/conversations',
  conversation_reads: 'modules/conversations',
  messages: 'modules/conversations',
  message_images: 'modules/conversations',
  localities: 'modules/localities',
  locality_import_skips: 'modules/localities',
};

const SRC = join(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') ? [path] : [];
  });
}

/** The area a file belongs to: `modules/<name>` or `common/<name>`. */
const areaOf = (file: string) => relative(SRC, file).split('/').slice(0, 2).join('/');

/** Tables a text names in SQL (the keywords in capitals, as all SQL here is written; prose says "from" in lower case). */
function tablesIn(text: string): string[] {
  const names = [...text.matchAll(/\b(?:FROM|JOIN|INTO|UPDATE|TABLE)\s+"?([a-z_]+)"?/g)].map((match) => match[1]);
  return [...new Set(names.filter((name) => name in OWNERS))];
}

const files = [...sourceFiles(join(SRC, 'modules')), ...sourceFiles(join(SRC, 'common'))];

describe('table ownership', () => {
  it('knows every table the migrations create', () => {
    const migrations = sourceFiles(join(SRC, 'database/migrations'))
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    const created = new Set([...migrations.matchAll(/CREATE TABLE "([a-z_]+)"/g)].map((match) => match[1]));
    // Renamed tables live on under their new names.
    for (const [from, to] of RENAMED_TABLES) if (created.delete(from)) created.add(to);
    const dropped = [...migrations.matchAll(/DROP TABLE "([a-z_]+)"/g)].map((match) => match[1]);
    // Every table that exists after the migrations has an owner (migrations' own table aside).
    expect([...created].filter((table) => !(table in OWNERS) && !dropped.includes(table))).toEqual([]);
  });

  it('no module names another module’s table in its SQL', () => {
    const trespasses = files.flatMap((file) =>
      tablesIn(readFileSync(file, 'utf8'))
        .filter((table) => OWNERS[table] !== areaOf(file))
        .map((table) => `${relative(SRC, file)} → ${table} (de ${OWNERS[table]})`),
    );
    expect(trespasses).toEqual([]);
  });

  it('only repositories reach the database', () => {
    const outside = files
      .filter((file) => !file.endsWith('.repository.ts'))
      .filter((file) => /\b(DataSource|InjectDataSource|getRepository|\.query\()/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(SRC, file));
    expect(outside).toEqual([]);
  });

  it('sees a trespass when there is one (the check itself)', () => {
    expect(tablesIn('SELECT o.id FROM orders o JOIN bookings od ON od.order_id = o.id')).toEqual(['orders', 'bookings']);
    expect(tablesIn('UPDATE "payments" SET status = $1')).toEqual(['payments']);
    expect(tablesIn('INSERT INTO cart_details (cart_id) VALUES ($1)')).toEqual(['cart_details']);
  });
});
