#!/usr/bin/env node
/**
 * Prints the gzip size of every JS chunk of the last `vite build` and the JS the
 * landing page (/) loads before it can render: the entry chunk, its static
 * imports (the modulepreloads Vite writes into index.html) and, if the landing
 * page were lazy, its chunk and that chunk's static imports.
 * Exits 1 when that total is over the budget (150 kB gzip; kB = 1000 bytes, as Vite reports).
 * Reads <dist>/.vite/manifest.json (build.manifest: true); <dist> is the optional
 * first argument (a folder, relative to the working directory), apps/web/dist by default:
 *   node scripts/report-size.mjs [dist-folder]
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = Number(process.env.LANDING_JS_BUDGET_KB ?? 150);
/** The landing route's module: counted with the entry should it ever be lazy-loaded. */
const LANDING_PAGE = /src\/features\/landing\/components\/landing-page\.tsx$/;
/** Lazy chunks of the shell and the landing page (rendered right after first paint or on first use). */
const SHELL_LAZY = /src\/(app\/layout|features\/landing)\//;

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = process.argv[2] ? resolve(process.argv[2]) : join(root, 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No manifest at ${manifestPath}: run "vite build" first (build.manifest must be true).`);
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const gzipCache = new Map();
function sizes(file) {
  if (!gzipCache.has(file)) {
    const bytes = readFileSync(join(dist, file));
    gzipCache.set(file, { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
  }
  return gzipCache.get(file);
}
const kb = (bytes) => (bytes / 1000).toFixed(2).padStart(9) + ' kB';

/** A manifest chunk and, recursively, the chunks it imports statically. */
function withStaticImports(key, into = new Set()) {
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of manifest[key]?.imports ?? []) withStaticImports(imported, into);
  return into;
}

const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
if (entries.length === 0) {
  console.error('The manifest has no entry chunk.');
  process.exit(2);
}

const initial = new Set();
for (const [key] of entries) withStaticImports(key, initial);
// The landing page's own chunk, should it ever be lazy-loaded.
for (const [key, chunk] of Object.entries(manifest)) {
  if (chunk.isDynamicEntry && LANDING_PAGE.test(chunk.src ?? key)) withStaticImports(key, initial);
}
// Lazy widgets of the shell and the landing page (carousels, registration menu,
// cart badge, drawers): not needed for first paint, reported apart.
const deferred = new Set();
for (const [key, chunk] of Object.entries(manifest)) {
  if (chunk.isDynamicEntry && SHELL_LAZY.test(chunk.src ?? key) && !initial.has(key)) withStaticImports(key, deferred);
}
const initialFiles = new Set([...initial].map((key) => manifest[key].file).filter((file) => file.endsWith('.js')));

// Cross-check with what index.html really loads up front.
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const htmlFiles = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/?([^"]+\.js)"/g)].map((m) => m[1]);
for (const file of htmlFiles) initialFiles.add(file);

const allJs = [
  ...new Set(
    Object.values(manifest)
      .map((chunk) => chunk.file)
      .filter((file) => file.endsWith('.js')),
  ),
];
const deferredFiles = new Set(
  [...deferred].map((key) => manifest[key].file).filter((file) => file.endsWith('.js') && !initialFiles.has(file)),
);
const rows = allJs
  .map((file) => ({ file, ...sizes(file), initial: initialFiles.has(file), deferred: deferredFiles.has(file) }))
  .sort((a, b) => b.gzip - a.gzip);

console.log('\nJS chunks (gzip -9). * = loaded up front by the landing page; + = lazy widget of the shell/landing');
console.log(`${'raw'.padStart(12)} ${'gzip'.padStart(12)}   file`);
for (const row of rows) console.log(`${kb(row.raw)} ${kb(row.gzip)} ${row.initial ? '*' : row.deferred ? '+' : ' '} ${row.file}`);

const total = rows.filter((row) => row.initial).reduce((sum, row) => sum + row.gzip, 0);
const allTotal = rows.reduce((sum, row) => sum + row.gzip, 0);
console.log(`\nAll JS: ${kb(allTotal).trim()} gzip in ${rows.length} chunks`);
const deferredTotal = rows.filter((row) => row.deferred).reduce((sum, row) => sum + row.gzip, 0);
console.log(`Lazy shell/landing widgets (+): ${kb(deferredTotal).trim()} gzip (${deferredFiles.size} files), not counted`);
console.log(`Landing page initial JS: ${kb(total).trim()} gzip (${initialFiles.size} files), budget ${BUDGET_KB} kB`);

if (total > BUDGET_KB * 1000) {
  console.error(`Over budget by ${((total - BUDGET_KB * 1000) / 1000).toFixed(2)} kB.`);
  process.exit(1);
}
console.log('Within budget.');
