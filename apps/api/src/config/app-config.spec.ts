import { loadConfig } from './app-config';

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

  it('uses the local Google stand-in only outside production, unless asked for', () => {
    expect(loadConfig({}).google).toMatchObject({ enabled: true, standIn: true, authUrl: 'http://localhost:3001/dev/google/authorize' });
    expect(loadConfig({ NODE_ENV: 'production' }).google).toMatchObject({ enabled: false, standIn: false });
    expect(loadConfig({ NODE_ENV: 'production', GOOGLE_STAND_IN: 'true' }).google).toMatchObject({ enabled: true, standIn: true });
    expect(loadConfig({ GOOGLE_STAND_IN: 'false' }).google.enabled).toBe(false);
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

  it('pays through the local MercadoPago sandbox without a token, only outside production unless asked for', () => {
    expect(loadConfig({}).payments).toMatchObject({
      mode: 'sandbox',
      apiUrl: 'http://localhost:3001/sandbox/mercadopago',
      notificationUrl: 'http://localhost:3001/api/mercado/webhook',
    });
    expect(loadConfig({ NODE_ENV: 'production' }).payments.mode).toBe('off');
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS_SANDBOX: 'true' }).payments.mode).toBe('sandbox');
  });

  it('talks to MercadoPago with a token, and then requires the webhook secret', () => {
    expect(() => loadConfig({ MP_ACCESS_TOKEN: 'APP_USR-1' })).toThrow(/MP_WEBHOOK_SECRET/);
    expect(loadConfig({ MP_ACCESS_TOKEN: 'APP_USR-1', MP_WEBHOOK_SECRET: 'x' }).payments).toMatchObject({
      mode: 'mercadopago',
      apiUrl: 'https://api.mercadopago.com',
      accessToken: 'APP_USR-1',
    });
  });

  it('runs workers inside the API by default, and not with WORKERS=off', () => {
    expect(loadConfig({}).workers.enabled).toBe(true);
    expect(loadConfig({ WORKERS: 'off' }).workers.enabled).toBe(false);
    expect(() => loadConfig({ WORKERS: 'maybe' })).toThrow(/WORKERS/);
    expect(() => loadConfig({ ORDER_PAYMENT_TIMEOUT_MS: '5' })).toThrow(/ORDER_PAYMENT_TIMEOUT_MS/);
  });
});
