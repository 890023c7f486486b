import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { freePort } from './support/free-port';
import { spawnNode } from './support/spawn-worker';
import { createTestDatabase, type TestDatabase } from './support/test-database';

/** The built API, as `npm start`, the image and compose run it (scripts/test.mjs builds it before the suites). */
const MAIN = resolve(__dirname, '../dist/main.js');

/** Every setting a production start reads about stand-ins and secrets, complete and safe. */
const PRODUCTION: Record<string, string> = {
  NODE_ENV: 'production',
  DEMO_MODE: '',
  PAYMENTS_SANDBOX: '',
  GOOGLE_STAND_IN: '',
  DEMO_ACCOUNTS: '',
  TEST_CLOCK: '',
  SESSION_SECRET: 'x'.repeat(40),
  ADMIN_PASSWORD: 'clave-de-administrador-larga',
  MP_ACCESS_TOKEN: 'APP_USR-prueba',
  MP_WEBHOOK_SECRET: 'clave-de-notificaciones',
  LOG_LEVEL: 'warn',
};

beforeAll(() => {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} no existe: compila la API antes (npm run build -w @oficios/api)`);
});

describe('the built API with NODE_ENV=production', () => {
  it.each([
    ['DEMO_MODE', 'true', 'DEMO_MODE=true no se permite con NODE_ENV=production'],
    ['PAYMENTS_SANDBOX', 'true', 'PAYMENTS_SANDBOX=true no se permite con NODE_ENV=production'],
    ['GOOGLE_STAND_IN', 'true', 'GOOGLE_STAND_IN=true no se permite con NODE_ENV=production'],
    ['DEMO_ACCOUNTS', 'true', 'DEMO_ACCOUNTS=true no se permite con NODE_ENV=production'],
    ['TEST_CLOCK', 'true', 'TEST_CLOCK=true no se permite con NODE_ENV=production'],
    ['SESSION_SECRET', '', 'SESSION_SECRET es obligatorio'],
    ['SESSION_SECRET', 'corto', 'SESSION_SECRET debe tener al menos 32 caracteres'],
    ['ADMIN_PASSWORD', '', 'ADMIN_PASSWORD es obligatorio'],
    ['ADMIN_PASSWORD', 'admin1234', 'ADMIN_PASSWORD no puede ser una contraseña de la demo'],
    ['ADMIN_PASSWORD', 'oficios123', 'ADMIN_PASSWORD no puede ser una contraseña de la demo'],
    ['ADMIN_PASSWORD', 'corta-1234', 'ADMIN_PASSWORD debe tener al menos 12 caracteres'],
    ['MP_ACCESS_TOKEN', '', 'MP_ACCESS_TOKEN es obligatorio'],
    ['MP_WEBHOOK_SECRET', '', 'MP_WEBHOOK_SECRET es obligatorio'],
  ])('refuses to start with %s=%j and says why', async (name, value, message) => {
    const api = spawnNode([MAIN], { ...PRODUCTION, [name]: value, PORT: String(await freePort()) });
    const exit = await api.exited;
    expect(exit.code).toBe(1);
    expect(api.output()).toContain(message);
    // The refusal names the variable, not a stack trace.
    expect(api.output()).not.toMatch(/\n\s+at /);
  });

  describe('with every setting given', () => {
    let db: TestDatabase;
    beforeAll(async () => {
      db = await createTestDatabase();
    });
    afterAll(() => db?.drop());

    it('starts, serves /health, prints no demo banner and no /docs when API_DOCS=false', async () => {
      const port = await freePort();
      const api = spawnNode([MAIN], {
        ...PRODUCTION,
        LOG_LEVEL: 'log',
        API_DOCS: 'false',
        PORT: String(port),
        DATABASE_URL: db.url,
        REDIS_PREFIX: `test:${db.name}`,
        WORKERS: 'off',
      });
      try {
        await api.waitForOutput(/API en http/, 30_000);
        expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
        expect((await fetch(`http://127.0.0.1:${port}/docs`)).status).toBe(404);
        expect((await fetch(`http://127.0.0.1:${port}/dev/google/authorize`)).status).toBe(404);
        expect((await fetch(`http://127.0.0.1:${port}/sandbox/mercadopago/checkout/x`)).status).toBe(404);
        expect(api.output()).not.toContain('MODO DEMO');
      } finally {
        await api.stop();
      }
    });
  });
});

describe('the built API in the local demo (DEMO_MODE=true)', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db?.drop());

  it('announces every stand-in it switched on in a banner at start-up', async () => {
    const port = await freePort();
    const api = spawnNode([MAIN], {
      NODE_ENV: 'development',
      DEMO_MODE: 'true',
      PAYMENTS_SANDBOX: '',
      GOOGLE_STAND_IN: '',
      DEMO_ACCOUNTS: '',
      GOOGLE_CLIENT_ID: '',
      MP_ACCESS_TOKEN: '',
      ADMIN_PASSWORD: '',
      PORT: String(port),
      DATABASE_URL: db.url,
      REDIS_PREFIX: `test:${db.name}`,
      WORKERS: 'off',
    });
    try {
      await api.waitForOutput(/API en http/, 30_000);
      const output = api.output();
      expect(output).toContain('MODO DEMO');
      expect(output).toContain('Sandbox de MercadoPago (PAYMENTS_SANDBOX)');
      expect(output).toContain('Google simulado en /dev/google (GOOGLE_STAND_IN): sólo correos @demo.oficios.test');
      expect(output).toContain('Cuentas demo (DEMO_ACCOUNTS)');
      // The banner comes before the API says it is listening.
      expect(output.indexOf('MODO DEMO')).toBeLessThan(output.indexOf('API en http'));
    } finally {
      await api.stop();
    }
  });
});
