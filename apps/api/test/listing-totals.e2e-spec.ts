import { parseListingQuery, type ListingQuery } from '@oficios/domain';
import { seedDatabase } from '../src/database/seed/seed-catalogue';
import type { AppConfig } from '../src/config/app-config';
import { ListingConnections } from '../src/modules/catalog/listing-connections';
import { commonListingStatement } from '../src/modules/catalog/listing-sql';
import { ProfessionalsRepository } from '../src/modules/catalog/professionals.repository';
import { catalogueWrites, recordsOf } from './factories';
import { createTestDatabase, type TestDatabase } from './support/test-database';

/**
 * The listing's entries per profession and its kept totals (migration ListingTotals), and each professional's listed
 * professions (ListedProfessions), follow every write to the catalogue, whoever makes it, also when writers run at
 * once; and the common listing reads a page by one index range.
 */
describe('listing entries and totals', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
    // Large enough for the planner to read by index (with statistics and a visibility map, as autovacuum gives a real
    // database: the entries, wider since they carry their coverage, are then read by index only).
    await seedDatabase(db.dataSource, { professionals: 3000, adminPassword: null, adminEmail: 'admin@test.local', demoAccounts: false });
    await db.dataSource.query('VACUUM (ANALYZE)');
  });
  afterAll(() => db?.drop());

  /** What is kept, and what counting afresh says: both as sorted text, to compare whole. */
  async function keptAndCounted() {
    const query = (sql: string) => db.dataSource.query(sql).then((rows: { row: string }[]) => rows.map((r) => r.row));
    return {
      kept: {
        entries: await query(
          `SELECT concat_ws(':', profession_id, professional_id, rating, search_name) AS row FROM professional_listing ORDER BY 1`,
        ),
        counts: await query(
          `SELECT concat_ws(':', profession_id, rating, professionals) AS row FROM professional_counts WHERE professionals > 0 ORDER BY 1`,
        ),
        professions: await query(`SELECT concat_ws(':', id, listed_professions::text) AS row FROM professionals ORDER BY id`),
      },
      counted: {
        entries: await query(
          `SELECT concat_ws(':', pp.profession_id, pp.professional_id, p.rating, p.search_name) AS row
           FROM professional_professions pp JOIN professionals p ON p.id = pp.professional_id ORDER BY 1`,
        ),
        counts: await query(
          `SELECT concat_ws(':', profession_id, rating, n) AS row FROM (
             SELECT 0 AS profession_id, rating, count(*) AS n FROM professionals GROUP BY rating
             UNION ALL
             SELECT pp.profession_id, p.rating, count(*) FROM professional_professions pp JOIN professionals p ON p.id = pp.professional_id
             GROUP BY 1, 2) c ORDER BY 1`,
        ),
        professions: await query(
          `SELECT concat_ws(':', u.id, COALESCE((
             SELECT json_agg(json_build_object('id', p.id, 'name', p.name) ORDER BY p.id)
             FROM professional_professions pp JOIN professions p ON p.id = pp.profession_id WHERE pp.professional_id = u.id), '[]')::text) AS row
           FROM professionals u ORDER BY u.id`,
        ),
      },
    };
  }

  async function expectInStep() {
    const { kept, counted } = await keptAndCounted();
    expect(counted.entries.length).toBeGreaterThan(0);
    expect(kept).toEqual(counted);
  }

  const professionalIds = (limit: number, offset = 0): Promise<number[]> => recordsOf(db.dataSource).professionalIds(limit, offset);
  const professionIds = async (): Promise<number[]> => (await recordsOf(db.dataSource).professions()).map((profession) => profession.id);
  /** Writes as any writer of the catalogue makes them (the triggers must not care who). */
  const writes = () => catalogueWrites(db.dataSource.manager);

  it('holds the seeded catalogue', async () => {
    await expectInStep();
  });

  it('follows new professionals, new ratings and names, changed professions and deleted accounts', async () => {
    const [first, second, third] = await professionalIds(3);
    const professions = await professionIds();
    await db.dataSource.transaction((manager) =>
      catalogueWrites(manager).addProfessional(
        { firstName: 'Nueva', lastName: 'Persona', email: 'nueva@test.local', rating: 2 },
        professions.slice(0, 3),
      ),
    );
    await writes().setRating(first, ((await recordsOf(db.dataSource).professional(first)).rating + 1) % 6);
    await writes().setSearchName(second, 'aaa primera');
    await writes().setProfessions(third, professions.slice(-2).reverse());
    // A link changed in place, as only a statement of SQL does it (no writer of the app updates a link).
    await db.dataSource.query(
      `UPDATE professional_professions SET profession_id = (SELECT min(id) FROM professions)
      WHERE professional_id = $1 AND profession_id = (SELECT max(id) FROM professions)`,
      [third],
    );
    // An account deleted: its profile and professions go by cascade.
    await writes().deleteAccount(second);
    await expectInStep();
  });

  it('follows renamed, new and deleted professions into every professional that has them', async () => {
    const renamed = (await recordsOf(db.dataSource).professions()).find((profession) => profession.name === 'plomero')!.id;
    await writes().renameProfession(renamed, 'fontanero');
    const added = await writes().addProfession('vidriero');
    const holders = await professionalIds(5, 100);
    await writes().giveProfession(added, holders);
    await expectInStep();
    const professions = await recordsOf(db.dataSource).listedProfessionsOf(holders[0]);
    expect(professions).toContainEqual({ id: added, name: 'vidriero' });
    // A deleted profession leaves its professionals by cascade.
    await writes().deleteProfession(added);
    await writes().renameProfession(renamed, 'plomero');
    await expectInStep();
  });

  it('stays exact when many writers change ratings and professions at once (and none deadlocks)', async () => {
    const ids = await professionalIds(40, 10);
    const professions = await professionIds();
    // Each writer changes a rating and swaps a profession, in the orders the app's writers use (profile, then its
    // professions), on professionals sharing the same professions: without the counts' lock these interleave into
    // deadlocks, and without the triggers' care into wrong totals.
    const results = await Promise.allSettled(
      ids.map((id, index) =>
        db.dataSource.transaction((manager) =>
          catalogueWrites(manager).rateAndSetProfessions(id, index % 6, [
            professions[index % professions.length],
            professions[(index + 5) % professions.length],
          ]),
        ),
      ),
    );
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    await expectInStep();
  });

  function parse(raw: Record<string, string>): ListingQuery {
    const parsed = parseListingQuery(raw);
    if (!parsed.ok) throw new Error('bad test query');
    return parsed.query;
  }

  interface PlanNode {
    'Node Type': string;
    'Index Name'?: string;
    'Relation Name'?: string;
    'Actual Rows': number;
    'Rows Removed by Filter'?: number;
    Plans?: PlanNode[];
  }

  /**
   * Every node of the statement's plan as run: planned for the query's values, or the generic plan (the one the listing's
   * connections always use) run with them.
   */
  async function planNodes(query: ListingQuery, plan: 'custom' | 'generic'): Promise<PlanNode[]> {
    const { text, values } = commonListingStatement(query);
    const [{ 'QUERY PLAN': explained }] =
      plan === 'custom'
        ? await db.dataSource.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, values)
        : await onOneConnection(async (run) => {
            await run('SET plan_cache_mode = force_generic_plan');
            await run(`PREPARE listing_page AS ${text}`);
            try {
              // EXPLAIN EXECUTE takes no bound parameters: the values as literals (numbers and names of professions).
              const literal = (value: unknown) => (typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`);
              return await run(`EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE listing_page(${values.map(literal).join(', ')})`);
            } finally {
              await run('DEALLOCATE listing_page');
            }
          });
    return nodesOf(explained[0].Plan);
  }

  async function onOneConnection<T>(work: (run: (sql: string, values?: unknown[]) => Promise<T>) => Promise<T>): Promise<T> {
    const runner = db.dataSource.createQueryRunner();
    try {
      return await work((sql, values) => runner.query(sql, values));
    } finally {
      await runner.release();
    }
  }

  function nodesOf(root: PlanNode): PlanNode[] {
    const nodes: PlanNode[] = [];
    (function walk(node: PlanNode) {
      nodes.push(node);
      node.Plans?.forEach(walk);
    })(root);
    return nodes;
  }

  /** Common queries and the index whose range alone each must read. */
  const RANGES: [Record<string, string>, RegExp][] = [
    [{ professions: 'plomero', sort: 'rating', order: 'desc', page: '4' }, /^professional_listing_rating_desc_idx$/],
    [{ professions: 'gasista', sort: 'firstName', order: 'asc', page: '4' }, /^professional_listing_name_idx$/],
    [{ professions: 'pintor', rating: '2', page: '2' }, /^professional_listing_rating(_desc)?_idx$/],
    [{ professions: 'pintor', page: '4' }, /^professional_listing_pkey$/],
    [{ rating: '4', sort: 'firstName', order: 'desc', page: '4' }, /^professionals_rating_name_desc_idx$/],
    [{ rating: '5', sort: 'firstName', order: 'asc', page: '4' }, /^professionals_rating_name_idx$/],
  ];

  it.each(RANGES.flatMap(([raw, index]) => (['custom', 'generic'] as const).map((plan) => [raw, plan, index] as const)))(
    'reads %j by one index range, and its total from the kept counts (%s plan)',
    async (raw, plan, index) => {
      const query = parse(raw);
      const nodes = await planNodes(query, plan);
      const range = nodes.filter((node) => node['Index Name'] !== undefined && index.test(node['Index Name']));
      // The rows before the page and the page itself, nothing more: no walk of the catalogue filtering as it goes.
      expect(range.map((node) => node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0))).toEqual([query.page * query.pageSize]);
      // No count over the catalogue: the total is read from a handful of kept rows.
      expect(nodes.filter((node) => node['Relation Name'] === 'professional_counts').map((node) => node['Actual Rows'])).toEqual([
        query.rating === null ? 6 : 1,
      ]);
      const large = nodes.filter((node) => node['Actual Rows'] > query.page * query.pageSize);
      expect(large.map((node) => `${node['Node Type']} ${node['Relation Name'] ?? ''}`)).toEqual([]);
    },
  );

  it('runs the common listing on connections that always use its generic plan, never planning a call anew', async () => {
    const config = { databaseUrl: db.url, databasePoolSize: 10, databasePoolTimeoutMs: 10_000 } as AppConfig;
    const connections = new ListingConnections(config);
    // A few, kept open when idle.
    expect(connections.pool.options).toMatchObject({ max: 4, idleTimeoutMillis: 0 });
    try {
      const repository = new ProfessionalsRepository(db.dataSource, connections);
      const queries = RANGES.flatMap(([raw]) => [1, 2, 3].map((page) => parse({ ...raw, page: String(page) })));
      // Several at once too, so that more than one of the pool's connections prepares the statements.
      await Promise.all(queries.map((query) => repository.findCommonPage(query)));
      for (const query of queries) await repository.findCommonPage(query);
      // Every connection the pool opened, each asked for its own prepared statements' plans.
      const clients = await Promise.all(Array.from({ length: connections.pool.totalCount }, () => connections.pool.connect()));
      try {
        const plans = await Promise.all(
          clients.map(
            async (client) =>
              (await client.query(`SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE statement LIKE 'WITH page AS%'`))
                .rows,
          ),
        );
        const total = (key: 'generic_plans' | 'custom_plans') => plans.flat().reduce((sum, row) => sum + Number(row[key]), 0);
        expect({ generic: total('generic_plans'), custom: total('custom_plans') }).toEqual({ generic: 2 * queries.length, custom: 0 });
      } finally {
        clients.forEach((client) => client.release());
      }
    } finally {
      await connections.onApplicationShutdown();
    }
  });
});
