import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { load } from 'js-yaml';
import { loadConfig } from '../src/config/app-config';

/**
 * docker-compose.yml runs production settings and refuses to start without the required secrets;
 * docker-compose.demo.yml turns it into the local demo. Checked here against the API's own configuration rules
 * (with compose's interpolation rules applied to the files), and with `docker compose config` where Docker is installed.
 */
const ROOT = resolve(__dirname, '../../..');
const REQUIRED = ['SESSION_SECRET', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'MP_ACCESS_TOKEN', 'MP_WEBHOOK_SECRET'];

type Service = { environment?: Record<string, string>; command?: string[] | string; build?: { args?: Record<string, string> } };
type ComposeFile = { services: Record<string, Service> };

const read = (name: string) => load(readFileSync(resolve(ROOT, name), 'utf8')) as ComposeFile;

/** Compose's `${VAR}`, `${VAR:-default}` and `${VAR:?message}`: a missing required variable throws its message. */
function interpolate(value: string, vars: Record<string, string>): string {
  return String(value).replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_, name: string, op: string | undefined, arg: string) => {
    const current = vars[name] ?? '';
    if (op === '?' && current === '') throw new Error(`required variable ${name} is missing a value: ${arg}`);
    if (op === '-' && current === '') return arg;
    return current;
  });
}

/** What compose hands the container: each file's environment merged (later files win), then interpolated. */
function environmentOf(service: string, files: ComposeFile[], vars: Record<string, string>): Record<string, string> {
  const merged: Record<string, string> = Object.assign({}, ...files.map((file) => file.services[service]?.environment ?? {}));
  return Object.fromEntries(Object.entries(merged).map(([key, value]) => [key, interpolate(value, vars)]));
}

/** `docker compose … config` when a Compose v2 that interpolates after merging (2.29+) is installed, else null. */
function dockerCompose(args: string[]): { status: number | null; output: string } | null {
  const version = spawnSync('docker', ['compose', 'version', '--short'], { encoding: 'utf8' });
  const [major, minor] = (version.stdout ?? '').trim().split('.').map(Number);
  if (version.status !== 0 || !(major > 2 || (major === 2 && minor >= 29))) return null;
  const result = spawnSync('docker', ['compose', ...args, 'config'], { cwd: ROOT, encoding: 'utf8', env: { PATH: process.env.PATH } });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

const base = read('docker-compose.yml');
const demo = read('docker-compose.demo.yml');

describe('docker-compose.yml (production)', () => {
  it('requires every secret, for the api and the worker alike', () => {
    for (const service of ['api', 'worker']) {
      for (const name of REQUIRED) {
        const others = Object.fromEntries(REQUIRED.filter((other) => other !== name).map((other) => [other, 'valor']));
        expect(() => environmentOf(service, [base], others)).toThrow(`required variable ${name} is missing a value`);
      }
    }
  });

  it('runs with NODE_ENV=production, no stand-in, and the API accepts it once real secrets are given', () => {
    const env = environmentOf('api', [base], {
      SESSION_SECRET: 'k'.repeat(64),
      ADMIN_EMAIL: 'admin@oficios.example',
      ADMIN_PASSWORD: 'una-clave-larga-de-verdad',
      MP_ACCESS_TOKEN: 'APP_USR-1',
      MP_WEBHOOK_SECRET: 'secreto',
    });
    expect(env.NODE_ENV).toBe('production');
    for (const name of ['DEMO_MODE', 'PAYMENTS_SANDBOX', 'GOOGLE_STAND_IN', 'DEMO_ACCOUNTS']) expect(env[name]).toBeUndefined();
    const config = loadConfig(env);
    expect(config.payments.mode).toBe('mercadopago');
    expect(config.google.standIn).toBe(false);
    // A demo password is refused by the API itself, whatever compose lets through.
    expect(() => loadConfig({ ...env, ADMIN_PASSWORD: 'admin1234' })).toThrow(/ADMIN_PASSWORD/);
  });

  it('serves the SPA with the production web server, built and secured for the public address of the API', () => {
    const web = base.services.web;
    expect(web.command).toEqual(['node', 'apps/web/server/serve.mjs']);
    expect(JSON.stringify(base)).not.toMatch(/vite['",\s]+preview/);
    const vars = { PUBLIC_API_URL: 'https://api.oficios.example' };
    // The bundle calls the API at the address it was built with; the server's CSP allows that same one.
    expect(interpolate(web.build!.args!.VITE_API_URL, vars)).toBe('https://api.oficios.example');
    expect(environmentOf('web', [base, demo], vars)).toMatchObject({
      WEB_PORT: '3000',
      WEB_HOST: '0.0.0.0',
      PUBLIC_API_URL: 'https://api.oficios.example',
    });
    for (const service of ['api', 'worker']) expect(base.services[service].build).toEqual(web.build);
  });

  it('runs Redis as BullMQ and the reconciler need it: append-only file written every second, no eviction', () => {
    const command = (base.services.redis as { command?: string[] }).command ?? [];
    const option = (name: string) => command[command.indexOf(name) + 1];
    expect(command[0]).toBe('redis-server');
    expect(option('--appendonly')).toBe('yes');
    expect(option('--appendfsync')).toBe('everysec');
    expect(option('--maxmemory-policy')).toBe('noeviction');
  });

  it('publishes no database port (trust authentication) outside the demo', () => {
    expect((base.services.postgres as { ports?: unknown }).ports).toBeUndefined();
    expect((base.services.redis as { ports?: unknown }).ports).toBeUndefined();
  });
});

describe('docker-compose.yml + docker-compose.demo.yml (the local demo)', () => {
  it('needs no variable and switches the demo on, which the API accepts', () => {
    for (const service of ['api', 'worker']) {
      const env = environmentOf(service, [base, demo], {});
      expect(env).toMatchObject({ NODE_ENV: 'development', DEMO_MODE: 'true', MP_ACCESS_TOKEN: '' });
      const config = loadConfig(env);
      expect(config.demo).toEqual({ mode: true, paymentsSandbox: true, googleStandIn: true, accounts: true });
      expect(config.payments.mode).toBe('sandbox');
    }
  });
});

describe('docker compose config (only where Docker Compose 2.29+ is installed)', () => {
  it('fails without the variables, naming them, and succeeds with the demo override', () => {
    const plain = dockerCompose([]);
    if (plain === null) return; // no Docker here: the checks above stand in for it
    expect(plain.status).not.toBe(0);
    expect(plain.output).toMatch(/required variable (SESSION_SECRET|ADMIN_EMAIL|ADMIN_PASSWORD|MP_ACCESS_TOKEN|MP_WEBHOOK_SECRET)/);
    const withDemo = dockerCompose(['-f', 'docker-compose.yml', '-f', 'docker-compose.demo.yml']);
    expect(withDemo?.status).toBe(0);
  });
});

describe('the Node flags of the API and the worker', () => {
  it('are the same wherever they start: the scripts (API_NODE_FLAGS), the image (NODE_OPTIONS) and the package scripts', () => {
    const text = (name: string) => readFileSync(resolve(ROOT, name), 'utf8');
    const declared = /export const API_NODE_FLAGS = \[([^\]]*)\]/.exec(text('scripts/lib.mjs'))?.[1];
    const flags = (declared ?? '').split(',').map((flag) => flag.trim().replace(/^'|'$/g, ''));
    expect(flags).toEqual(['--max-semi-space-size=32']);
    expect(text('Dockerfile')).toContain(`ENV NODE_OPTIONS=${flags.join(' ')}\n`);
    const scripts = (name: string) => (JSON.parse(text(name)) as { scripts: Record<string, string> }).scripts;
    expect(scripts('apps/api/package.json').start).toBe(`node ${flags.join(' ')} dist/main.js`);
    expect(scripts('package.json').worker).toContain(`node ${flags.join(' ')} apps/api/dist/worker.js`);
  });
});
