import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer as createHttpServer, request, type RequestListener } from 'node:http';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

/** What the web server's suites share: the built SPA, the server run as `npm start` runs it, raw requests to it. */
export const WEB = resolve(__dirname, '..');
export const DIST = join(WEB, 'dist');
const SERVER = join(__dirname, 'serve.mjs');
export const API_URL = 'https://api.oficios.example';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A raw GET (fetch would decode the body and hide what went over the wire). */
export function get(port: number, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolveAnswer, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolveAnswer({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}

/** Runs serve.mjs until it says where it listens (or exits: then its output is the error). */
export function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, [SERVER], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolveStart, reject) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (/Web en http/.test(output)) resolveStart({ child, output: () => output });
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    child.once('close', (code) => reject(new Error(`serve.mjs salió (${code}):\n${output}`)));
  });
}

/** A web server whose renders reach, as their API, a stub answering with `answer`; `stop` ends both. */
export async function serverWithStubApi(answer: RequestListener): Promise<{ port: number; stop: () => Promise<void> }> {
  const api = createHttpServer(answer);
  await new Promise<void>((listening) => api.listen(0, '127.0.0.1', listening));
  const port = await freePort();
  const { child } = await startServer({
    WEB_PORT: String(port),
    WEB_HOST: '127.0.0.1',
    VITE_API_URL: API_URL,
    WEB_RENDER_API_URL: `http://127.0.0.1:${(api.address() as { port: number }).port}`,
  }).catch(async (error: unknown) => {
    await new Promise((closed) => api.close(closed));
    throw error;
  });
  return {
    port,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((closed) => api.close(closed));
    },
  };
}

export const varyOf = (answer: Answer) =>
  String(answer.headers.vary ?? '')
    .toLowerCase()
    .split(/\s*,\s*/);

/**
 * Builds the SPA only when missing (or built before the compressed copies existed): `npm test` and the e2e runner build
 * it themselves. For a suite's beforeAll.
 */
export function buildSpaIfMissing(): void {
  if (
    [
      'index.html',
      'index.html.br',
      'landing.html',
      'listing.html',
      'detail.html',
      'app.html',
      'cart.html',
      '.ssr/prerender.js',
      '.ssr/listing.html',
    ].every((file) => existsSync(join(DIST, file)))
  )
    return;
  const build = spawnSync('npx', ['vite', 'build'], { cwd: WEB, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`vite build falló:\n${build.stdout}${build.stderr}`);
}
