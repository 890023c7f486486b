import Redis from 'ioredis';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { startRedisServer, type DedicatedRedis } from './support/redis-server';
import { eventually } from './support/eventually';
import { startSmtpTrap, type SmtpTrap } from './support/smtp-trap';
import { spawnTypeScript } from './support/spawn-worker';

/** The test-support tools themselves, so a failure in a real scenario is not blamed on them. */

/** Whether something accepts TCP connections on the port right now. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('startRedisServer', () => {
  let redis: DedicatedRedis;
  let client: Redis;
  beforeAll(async () => {
    redis = await startRedisServer();
    // Retries forever at a short interval, like the app's clients: it must come back by itself after start().
    client = new Redis(redis.url, { retryStrategy: () => 50, maxRetriesPerRequest: null });
    client.on('error', () => undefined);
  });
  afterAll(async () => {
    client?.disconnect();
    await redis?.close();
  });

  it('serves on its own port, goes away on stop() and comes back empty on the same URL after start()', async () => {
    expect(redis.url).toBe(`redis://127.0.0.1:${redis.port}`);
    await client.set('key', 'value');
    expect(await client.get('key')).toBe('value');

    await redis.stop();
    expect(redis.running).toBe(false);
    expect(await accepts(redis.port)).toBe(false);

    await redis.start();
    expect(redis.running).toBe(true);
    // Persistence is off: the restarted server starts empty.
    expect(await client.get('key')).toBeNull();
    expect(await client.ping()).toBe('PONG');
  });

  it('close() is final and idempotent', async () => {
    const other = await startRedisServer();
    await other.close();
    await other.close();
    expect(await accepts(other.port)).toBe(false);
  });
});

describe('startSmtpTrap', () => {
  let trap: SmtpTrap;
  beforeEach(async () => {
    trap = await startSmtpTrap();
  });
  afterEach(() => trap.close());

  it('accepts what nodemailer sends and records recipients, decoded subject and text', async () => {
    const transport = nodemailer.createTransport(trap.url);
    const body = `Hola Ana.\n.Una línea que empieza con punto y otra muy larga: ${'x'.repeat(120)}\n`;
    await transport.sendMail({ from: 'app@oficios.local', to: 'ana@example.com', subject: 'Confirmación de tu pedido', text: body });
    transport.close();

    expect(trap.messages).toHaveLength(1);
    const [message] = trap.messages;
    expect(message.envelope).toEqual({ from: 'app@oficios.local', to: ['ana@example.com'] });
    expect(message.to).toBe('ana@example.com');
    expect(message.subject).toBe('Confirmación de tu pedido');
    expect(message.text.replace(/\r\n/g, '\n')).toBe(body);
  });

  it('finds the text part of a multipart (text + html) message', async () => {
    const transport = nodemailer.createTransport(trap.url);
    await transport.sendMail({ from: 'app@oficios.local', to: 'a@x.test, b@x.test', subject: 'Hi', text: 'plain ñ', html: '<p>html</p>' });
    transport.close();

    const [message] = await trap.waitForMessages(1);
    expect(message.envelope.to).toEqual(['a@x.test', 'b@x.test']);
    expect(message.text.trim()).toBe('plain ñ');
  });

  it('while held, leaves the client waiting; release() delivers', async () => {
    trap.hold();
    const transport = nodemailer.createTransport(trap.url);
    const sent = transport.sendMail({ from: 'app@oficios.local', to: 'ana@example.com', subject: 'Held', text: 'x' });
    await trap.waitForHeld();
    expect(trap.messages).toHaveLength(0);

    trap.release();
    const info = await sent;
    transport.close();
    expect(info.response).toMatch(/^250/);
    expect(trap.messages.map((m) => m.subject)).toEqual(['Held']);
  });

  it('discards a held message whose client connection closes: it was never accepted', async () => {
    trap.hold();
    // A client that gives up while waiting for the answer to DATA, as a worker killed mid-send would.
    const transport = nodemailer.createTransport(`${trap.url}?socketTimeout=300`);
    const sent = transport.sendMail({ from: 'app@oficios.local', to: 'ana@example.com', subject: 'Lost', text: 'x' });
    await trap.waitForHeld();
    await expect(sent).rejects.toThrow();
    transport.close();

    // The trap sees the close asynchronously.
    await eventually(() => expect(trap.discarded).toHaveLength(1), 2000, 10);
    trap.release();
    expect(trap.discarded.map((m) => m.subject)).toEqual(['Lost']);
    expect(trap.messages).toHaveLength(0);
  });
});

describe('spawnTypeScript (ts-register.cjs)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'oficios-ts-register-'));
    // Decorators with emitted metadata, a relative import of another .ts file and a source-mapped stack: what Nest needs.
    writeFileSync(join(dir, 'greeter.ts'), `export class Greeter {\n  greet(name: string): string {\n    return 'hola ' + name;\n  }\n}\n`);
    writeFileSync(
      join(dir, 'main.ts'),
      [
        `import ${JSON.stringify(require.resolve('reflect-metadata'))};`,
        `import { Greeter } from './greeter';`,
        `const seen: string[] = [];`,
        `function Injectable(): ClassDecorator {`,
        `  return (target) => void seen.push(target.name);`,
        `}`,
        `@Injectable()`,
        `class Service {`,
        `  constructor(readonly greeter: Greeter, readonly count: number) {}`,
        `}`,
        `const types: Array<{ name: string }> = Reflect.getMetadata('design:paramtypes', Service);`,
        `console.log(JSON.stringify({ seen, types: types.map((t) => t.name), greeting: new Greeter().greet(process.env.WHO ?? '?') }));`,
        `console.error(new Error('here').stack?.split('\\n')[1]);`,
        `process.on('SIGTERM', () => { console.log('bye'); process.exit(0); });`,
        `setInterval(() => undefined, 1000);`,
        `console.log('ready');`,
      ].join('\n'),
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('runs a decorated TypeScript file with the given env, collects output and stops on a signal', async () => {
    const child = spawnTypeScript(join(dir, 'main.ts'), { WHO: 'Ana' });
    try {
      await child.waitForOutput(/ready/, 8_000);
      // stdout and stderr are separate pipes: the stack line (stderr) may arrive after 'ready' (stdout).
      await child.waitForOutput(/main\.ts:13:\d+/, 8_000);
      const [, json] = child.output().match(/^(\{.*\})$/m) ?? [];
      expect(JSON.parse(json)).toEqual({ seen: ['Service'], types: ['Greeter', 'Number'], greeting: 'hola Ana' });
      // Inline source maps: the stack names the .ts file and its line (13), not the compiled JS (awaited above).

      expect(await child.kill('SIGTERM')).toEqual({ code: 0, signal: null });
      expect(child.output()).toMatch(/bye/);
    } finally {
      await child.stop(1_000);
    }
  });

  it('rejects waitForOutput with the output when the process exits first', async () => {
    const file = join(dir, 'fails.ts');
    writeFileSync(file, `const n: number = 1;\nconsole.log('starting', n);\nthrow new Error('boom');\n`);
    const child = spawnTypeScript(file);
    await expect(child.waitForOutput(/never printed/, 8_000)).rejects.toThrow(/exited before printing[\s\S]*boom/);
    expect((await child.exited).code).toBe(1);
  });
});
