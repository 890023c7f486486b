// `npm start`: build everything, migrate, seed an empty database, then serve
// the API (with embedded workers) on :3001 and the SPA on :3000 (apps/web/server/serve.mjs, as in production). This is the
// local demo: DEMO_MODE=true switches the stand-ins on (the API lists them at start).
import { API_NODE_FLAGS, checkServices, run, serve, webServer } from './lib.mjs';

const env = {
  DEMO_MODE: process.env.DEMO_MODE ?? 'true',
  DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/oficios',
  REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  PORT: process.env.PORT ?? '3001',
  VITE_API_URL: process.env.VITE_API_URL ?? `http://localhost:${process.env.PORT ?? '3001'}`,
};
Object.assign(process.env, env);
const webPort = process.env.WEB_PORT ?? '3000';

await checkServices(env.DATABASE_URL, env.REDIS_URL);
run('npm', ['run', 'build']);
run('node', ['apps/api/dist/database/migrate.js']);
run('node', ['apps/api/dist/database/seed/run-seed.js']);

const api = serve('api', 'node', [...API_NODE_FLAGS, 'apps/api/dist/main.js']);
// The built SPA (apps/web/dist) with its compressed copies, cache rules and security headers; the CSP names VITE_API_URL.
const web = serve('web', 'node', [webServer], { WEB_PORT: webPort, WEB_HOST: 'localhost' });
console.log(`\nOficios: http://localhost:${webPort}  (API ${env.VITE_API_URL}, docs ${env.VITE_API_URL}/docs)\n`);

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  api.stop();
  web.stop();
  setTimeout(() => process.exit(code), 500).unref();
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
api.on('exit', (code) => stop(code ?? 1));
web.on('exit', (code) => stop(code ?? 1));
