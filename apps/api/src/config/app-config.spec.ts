import { availableParallelism } from 'node:os';
import { defaultPoolSize, loadConfig } from './app-config';

describe('loadConfig', () => {
  it('has safe local defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3001,
      publicApiUrl: 'http://localhost:3001',
      webUrl: 'http://localhost:3000',
      redisPrefix: 'oficios',
    });
    expect(config.session.secretIsEphemeral).toBe(true);
    expect(config.session.secret).toHaveLength(64);
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SESSION_SECRET: 'corto' })).toThrow(/SESSION_SECRET/);
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'id' })).toThrow(/GOOGLE_CLIENT_SECRET/);
  });

  it('switches no stand-in on unless asked for: Google sign-in, payments and demo accounts are off by default', () => {
    const config = loadConfig({});
    expect(config.google).toMatchObject({ enabled: false, standIn: false });
    expect(config.payments.mode).toBe('off');
    expect(config.demo).toEqual({ mode: false, paymentsSandbox: false, googleStandIn: false, accounts: false });
    // No demo accounts: no administrator with a known password either.
    expect(config.adminPassword).toBeNull();
  });

  it('DEMO_MODE=true switches every stand-in on, and each flag can still say otherwise', () => {
    const demo = loadConfig({ DEMO_MODE: 'true' });
    expect(demo.demo).toEqual({ mode: true, paymentsSandbox: true, googleStandIn: true, accounts: true });
    expect(demo.google).toMatchObject({ enabled: true, standIn: true, authUrl: 'http://localhost:3001/dev/google/authorize' });
    expect(demo.payments.mode).toBe('sandbox');
    expect(demo.adminPassword).toBe('admin1234');
    expect(loadConfig({ DEMO_MODE: 'true', GOOGLE_STAND_IN: 'false' }).google.enabled).toBe(false);
    expect(loadConfig({ GOOGLE_STAND_IN: 'true' }).google.standIn).toBe(true);
    expect(loadConfig({ DEMO_MODE: 'true', ADMIN_PASSWORD: 'otra-clave-larga' }).adminPassword).toBe('otra-clave-larga');
    // A typo never switches a stand-in on or off silently.
    expect(() => loadConfig({ DEMO_MODE: 'yes' })).toThrow(/DEMO_MODE=yes debe ser true o false/);
  });

  it('keeps no credential of the sandbox in the code: they are random per deployment', () => {
    const payments = loadConfig({ DEMO_MODE: 'true' }).payments;
    expect(payments).toMatchObject({ mode: 'sandbox', accessToken: '', webhookSecret: '' });
    expect(JSON.stringify(loadConfig({ DEMO_MODE: 'true' }))).not.toMatch(/TEST-oficios-sandbox|oficios-sandbox-webhook-secret/);
  });

  it('talks to the real Google once a client is configured', () => {
    const google = loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' }).google;
    expect(google).toMatchObject({
      enabled: true,
      standIn: false,
      clientId: 'id',
      authUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    });
  });

  it('pays through the local MercadoPago sandbox only when asked for', () => {
    expect(loadConfig({ PAYMENTS_SANDBOX: 'true' }).payments).toMatchObject({
      mode: 'sandbox',
      apiUrl: 'http://localhost:3001/sandbox/mercadopago',
      notificationUrl: 'http://localhost:3001/api/mercado/webhook',
    });
    expect(loadConfig({ DEMO_MODE: 'true', PAYMENTS_SANDBOX: 'false' }).payments.mode).toBe('off');
  });

  it('trusts no proxy about the client address unless TRUST_PROXY says which', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toBe('loopback,10.0.0.0/8');
    expect(() => loadConfig({ TRUST_PROXY: 'todos' })).toThrow(/TRUST_PROXY/);
  });

  it('serves the OpenAPI docs unless API_DOCS=false', () => {
    expect(loadConfig({}).apiDocs).toBe(true);
    expect(loadConfig({ API_DOCS: 'false' }).apiDocs).toBe(false);
  });

  it('talks to MercadoPago with a token, and then requires the webhook secret', () => {
    expect(() => loadConfig({ MP_ACCESS_TOKEN: 'APP_USR-1' })).toThrow(/MP_WEBHOOK_SECRET/);
    expect(loadConfig({ MP_ACCESS_TOKEN: 'APP_USR-1', MP_WEBHOOK_SECRET: 'x' }).payments).toMatchObject({
      mode: 'mercadopago',
      apiUrl: 'https://api.mercadopago.com',
      accessToken: 'APP_USR-1',
      webhookSecret: 'x',
    });
  });

  it('reads the booking settings with their defaults, and names a bad one', () => {
    expect(loadConfig({}).bookings).toEqual({
      timeZone: 'America/Argentina/Buenos_Aires',
      minLeadHours: 24,
      horizonDays: 60,
      professionalResponseHours: 24,
      fullRefundHours: 48,
      lateRefundPercent: 50,
      autoDoneHours: 72,
      disputeWindowHours: 72,
    });
    expect(loadConfig({ BOOKING_TIME_ZONE: 'Europe/Madrid', CANCEL_LATE_REFUND_PERCENT: '0' }).bookings).toMatchObject({
      timeZone: 'Europe/Madrid',
      lateRefundPercent: 0,
    });
    expect(() => loadConfig({ BOOKING_TIME_ZONE: 'Marte/Olympus' })).toThrow(/BOOKING_TIME_ZONE/);
    expect(() => loadConfig({ CANCEL_LATE_REFUND_PERCENT: '101' })).toThrow(/CANCEL_LATE_REFUND_PERCENT/);
    expect(() => loadConfig({ BOOKING_HORIZON_DAYS: 'mucho' })).toThrow(/BOOKING_HORIZON_DAYS/);
  });

  it('caches availability answers 30 s by default; AVAILABILITY_CACHE_TTL_MS=0 turns the cache off', () => {
    expect(loadConfig({}).availabilityCacheTtlMs).toBe(30_000);
    expect(loadConfig({ AVAILABILITY_CACHE_TTL_MS: '0' }).availabilityCacheTtlMs).toBe(0);
    expect(() => loadConfig({ AVAILABILITY_CACHE_TTL_MS: '-1' })).toThrow(/AVAILABILITY_CACHE_TTL_MS/);
  });

  it('opens twice the cores plus two Postgres connections per process by default; DATABASE_POOL_SIZE sets another number', () => {
    expect(defaultPoolSize(2)).toBe(6);
    expect(defaultPoolSize(8)).toBe(18);
    expect(loadConfig({}).databasePoolSize).toBe(2 * availableParallelism() + 2);
    expect(loadConfig({ DATABASE_POOL_SIZE: '25' }).databasePoolSize).toBe(25);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: 'many' })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('waits 10 s at most for a pooled connection by default; DATABASE_POOL_TIMEOUT_MS sets another wait', () => {
    expect(loadConfig({}).databasePoolTimeoutMs).toBe(10_000);
    expect(loadConfig({ DATABASE_POOL_TIMEOUT_MS: '2500' }).databasePoolTimeoutMs).toBe(2500);
    expect(() => loadConfig({ DATABASE_POOL_TIMEOUT_MS: '0' })).toThrow(/DATABASE_POOL_TIMEOUT_MS/);
    expect(() => loadConfig({ DATABASE_POOL_TIMEOUT_MS: 'soon' })).toThrow(/DATABASE_POOL_TIMEOUT_MS/);
  });

  it('runs workers inside the API by default, and not with WORKERS=off', () => {
    expect(loadConfig({}).workers.enabled).toBe(true);
    expect(loadConfig({ WORKERS: 'off' }).workers.enabled).toBe(false);
    expect(() => loadConfig({ WORKERS: 'maybe' })).toThrow(/WORKERS/);
    expect(() => loadConfig({ ORDER_PAYMENT_TIMEOUT_MS: '5' })).toThrow(/ORDER_PAYMENT_TIMEOUT_MS/);
  });

  it('mails unread messages after 10 minutes and lets a user send 20 messages in 10 s, unless told otherwise', () => {
    expect(loadConfig({}).messages).toEqual({ mailDelayMinutes: 10, rateLimit: 20, rateWindowSeconds: 10 });
    expect(loadConfig({ MESSAGE_MAIL_DELAY_MINUTES: '2', MESSAGE_RATE_LIMIT: '5/60' }).messages).toEqual({
      mailDelayMinutes: 2,
      rateLimit: 5,
      rateWindowSeconds: 60,
    });
    expect(() => loadConfig({ MESSAGE_RATE_LIMIT: '20' })).toThrow(/MESSAGE_RATE_LIMIT/);
    expect(() => loadConfig({ MESSAGE_RATE_LIMIT: '0/10' })).toThrow(/MESSAGE_RATE_LIMIT/);
    expect(() => loadConfig({ MESSAGE_MAIL_DELAY_MINUTES: '0' })).toThrow(/MESSAGE_MAIL_DELAY_MINUTES/);
  });

  it('lets a client hold 60 dates unpaid, 10 in one checkout before verifying the e-mail, unless told otherwise', () => {
    expect(loadConfig({}).checkout).toEqual({ maxHeldDates: 60, unverifiedMaxDates: 10 });
    expect(loadConfig({ CHECKOUT_MAX_HELD_DATES: '30', CHECKOUT_UNVERIFIED_MAX_DATES: '3' }).checkout).toEqual({
      maxHeldDates: 30,
      unverifiedMaxDates: 3,
    });
    expect(() => loadConfig({ CHECKOUT_MAX_HELD_DATES: '0' })).toThrow(/CHECKOUT_MAX_HELD_DATES/);
    expect(() => loadConfig({ CHECKOUT_UNVERIFIED_MAX_DATES: 'muchas' })).toThrow(/CHECKOUT_UNVERIFIED_MAX_DATES/);
  });

  it('lets a user hold 10 sockets and open 30 a minute (an address 300), unless told otherwise', () => {
    expect(loadConfig({}).realtime).toEqual({
      socketsPerUser: 10,
      connectRate: { limit: 30, windowSeconds: 60 },
      addressConnectRate: { limit: 300, windowSeconds: 60 },
    });
    const told = loadConfig({ SOCKETS_PER_USER: '3', SOCKET_CONNECT_RATE_LIMIT: '5/10', SOCKET_ADDRESS_CONNECT_RATE_LIMIT: '50/10' });
    expect(told.realtime).toEqual({
      socketsPerUser: 3,
      connectRate: { limit: 5, windowSeconds: 10 },
      addressConnectRate: { limit: 50, windowSeconds: 10 },
    });
    expect(() => loadConfig({ SOCKETS_PER_USER: '0' })).toThrow(/SOCKETS_PER_USER/);
    expect(() => loadConfig({ SOCKET_CONNECT_RATE_LIMIT: 'muchas' })).toThrow(
      /SOCKET_CONNECT_RATE_LIMIT=muchas debe ser conexiones\/segundos/,
    );
    expect(() => loadConfig({ SOCKET_ADDRESS_CONNECT_RATE_LIMIT: '10/0' })).toThrow(/SOCKET_ADDRESS_CONNECT_RATE_LIMIT/);
  });

  it('locks sign-in after 5 failures for 15 minutes; a device cookie lasts 180 days and has 5 failures of its own, unless told otherwise', () => {
    expect(loadConfig({}).login).toEqual({ maxFailures: 5, lockMinutes: 15, deviceMaxFailures: 5, deviceCookieDays: 180 });
    const told = loadConfig({ LOGIN_DEVICE_MAX_FAILURES: '3', LOGIN_DEVICE_COOKIE_DAYS: '30' }).login;
    expect(told).toMatchObject({ deviceMaxFailures: 3, deviceCookieDays: 30 });
    expect(() => loadConfig({ LOGIN_DEVICE_MAX_FAILURES: '0' })).toThrow(/LOGIN_DEVICE_MAX_FAILURES/);
    expect(() => loadConfig({ LOGIN_DEVICE_COOKIE_DAYS: 'siempre' })).toThrow(/LOGIN_DEVICE_COOKIE_DAYS/);
  });

  it('lets an e-mail be tried 5 times an hour at registration (an address 50), unless told otherwise', () => {
    expect(loadConfig({}).registration).toEqual({ maxAttempts: 5, windowMinutes: 60 });
    expect(loadConfig({ REGISTER_MAX_ATTEMPTS: '2', REGISTER_WINDOW_MINUTES: '10' }).registration).toEqual({
      maxAttempts: 2,
      windowMinutes: 10,
    });
    expect(() => loadConfig({ REGISTER_MAX_ATTEMPTS: '0' })).toThrow(/REGISTER_MAX_ATTEMPTS/);
    expect(() => loadConfig({ REGISTER_WINDOW_MINUTES: 'una hora' })).toThrow(/REGISTER_WINDOW_MINUTES/);
  });

  it('reconciles every minute unless told otherwise', () => {
    expect(loadConfig({}).reconcile).toEqual({ everyMs: 60_000 });
    expect(loadConfig({ RECONCILE_EVERY_MS: '5000' }).reconcile).toEqual({ everyMs: 5_000 });
    expect(() => loadConfig({ RECONCILE_EVERY_MS: '10' })).toThrow(/RECONCILE_EVERY_MS/);
  });

  it('keeps the photos of messages out of the public uploads folder', () => {
    const { uploads } = loadConfig({ UPLOADS_DIR: '/srv/oficios/uploads' });
    expect(uploads).toMatchObject({ dir: '/srv/oficios/uploads', privateDir: '/srv/oficios/message-images' });
    expect(loadConfig({ MESSAGE_IMAGES_DIR: '/secret/photos' }).uploads.privateDir).toBe('/secret/photos');
    expect(() => loadConfig({ UPLOADS_DIR: '/srv/up', MESSAGE_IMAGES_DIR: '/srv/up/private' })).toThrow(/MESSAGE_IMAGES_DIR/);
  });
});

describe('loadConfig with NODE_ENV=production', () => {
  const production = {
    NODE_ENV: 'production',
    SESSION_SECRET: 'a'.repeat(48),
    ADMIN_PASSWORD: 'una-clave-de-administrador',
    MP_ACCESS_TOKEN: 'APP_USR-123',
    MP_WEBHOOK_SECRET: 'clave-de-notificaciones',
  };

  it('starts with every required secret and no stand-in', () => {
    const config = loadConfig(production);
    expect(config.payments.mode).toBe('mercadopago');
    expect(config.google.enabled).toBe(false);
    expect(config.demo.accounts).toBe(false);
  });

  it.each([
    [{ DEMO_MODE: 'true' }, /DEMO_MODE=true no se permite/],
    [{ PAYMENTS_SANDBOX: 'true' }, /PAYMENTS_SANDBOX=true no se permite/],
    [{ GOOGLE_STAND_IN: 'true' }, /GOOGLE_STAND_IN=true no se permite/],
    [{ DEMO_ACCOUNTS: 'true' }, /DEMO_ACCOUNTS=true no se permite/],
    [{ TEST_CLOCK: 'true' }, /TEST_CLOCK=true no se permite/],
    [{ SESSION_SECRET: '' }, /SESSION_SECRET es obligatorio/],
    [{ SESSION_SECRET: 'corto' }, /SESSION_SECRET debe tener al menos 32 caracteres/],
    [{ ADMIN_PASSWORD: '' }, /ADMIN_PASSWORD es obligatorio/],
    [{ ADMIN_PASSWORD: 'admin1234' }, /ADMIN_PASSWORD no puede ser una contraseña de la demo/],
    [{ ADMIN_PASSWORD: 'corta-123' }, /ADMIN_PASSWORD debe tener al menos 12 caracteres/],
    [{ MP_ACCESS_TOKEN: '' }, /MP_ACCESS_TOKEN es obligatorio/],
    [{ MP_WEBHOOK_SECRET: '' }, /MP_WEBHOOK_SECRET es obligatorio/],
  ])('refuses %j, naming the variable', (change, message) => {
    expect(() => loadConfig({ ...production, ...change })).toThrow(message);
  });

  it('lists every problem at once', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /SESSION_SECRET es obligatorio[\s\S]*ADMIN_PASSWORD es obligatorio[\s\S]*MP_ACCESS_TOKEN es obligatorio[\s\S]*MP_WEBHOOK_SECRET es obligatorio/,
    );
  });
});
