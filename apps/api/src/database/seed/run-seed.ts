import 'reflect-metadata';
import { loadConfig } from '../../config/app-config';
import { createDataSource } from '../data-source';
import { DEMO_PROFESSIONALS, seedDatabase } from './seed-catalogue';

/**
 * `node dist/database/seed/run-seed.js [--professionals N]`: seeds the database
 * of DATABASE_URL (migrated already): the professions and the administrator
 * (with ADMIN_PASSWORD, or the demo's); with DEMO_ACCOUNTS the demo catalogue
 * (48 professionals, whose accounts sign in with the demo password). Benchmarks
 * pass 10000 or 100000 for a large catalogue.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const flag = process.argv.indexOf('--professionals');
  const professionals = flag > -1 ? Number(process.argv[flag + 1]) : config.demo.accounts ? DEMO_PROFESSIONALS : 0;
  if (!Number.isInteger(professionals) || professionals < 0 || professionals > 1_000_000) {
    throw new Error('--professionals debe ser un entero entre 0 y 1000000');
  }
  if (config.adminPassword === null) console.warn('Seed: ADMIN_PASSWORD sin definir, no se crea el administrador');
  const dataSource = await createDataSource(config.databaseUrl).initialize();
  try {
    const started = Date.now();
    const report = await seedDatabase(dataSource, {
      professionals,
      adminEmail: config.adminEmail,
      adminPassword: config.adminPassword,
      demoAccounts: config.demo.accounts,
    });
    const took = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      report.catalogueSeeded
        ? `Seed: ${report.professionals} profesionales, ${report.clients} clientes, ${report.reviews} reseñas, ${report.professions} profesiones (${took} s)`
        : professionals === 0
          ? 'Seed: profesiones y administrador (sin catálogo demo: DEMO_ACCOUNTS apagado)'
          : `Seed: el catálogo ya existía (${report.professionals} profesionales); sólo se aseguraron profesiones y administrador`,
    );
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
