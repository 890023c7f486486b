// `npm run audit:web` (issue 13): the product built and served as in production (scripts/stack.mjs), then
// Lighthouse (mobile preset, its default simulated throttling) and axe (WCAG 2 A/AA) in Debian's Chromium on every
// kind of page: the landing, the listing, a profession, a detail, the cart, a signed-in profile and the admin panel.
// Prints one table with PASS/MISS against the targets and writes test-results/audit-web.json. A report: it exits 0
// whatever the scores (the browser tests assert axe's 0 violations; speed is never a test assertion).
//
// Environment: AUDIT_API_PORT (3501), AUDIT_WEB_PORT (3500), AUDIT_SKIP_BUILD=1 (reuse apps/web/dist-audit and the
// built API), AUDIT_RUNS (1: Lighthouse runs per page, the median performance run is kept), AUDIT_LHR_DIR (unset: a folder
// to keep each run's whole Lighthouse report in, for its long tasks and requests), AUDIT_PAGES (every page:
// or a comma-separated list of the table's names, e.g. `/,/home`, to look at a few while working on them).
import AxeBuilder from '@axe-core/playwright';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { mkdirSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, chromiumPath, ensureChromium } from './chromium.mjs';
import { root } from './lib.mjs';
import { buildStack, demoProfessional, signedInAs, stackConfig, startStack } from './stack.mjs';

/** Issue 13's targets: performance per page, the same LCP/TBT/CLS and accessibility everywhere, no axe finding. */
const TARGETS = { performanceLanding: 95, performance: 90, lcpMs: 2500, tbtMs: 200, cls: 0.05, accessibility: 100, axe: 0 };
const runs = Math.max(1, Number(process.env.AUDIT_RUNS ?? 1) || 1);

const stack = stackConfig({
  name: 'audit',
  apiPort: process.env.AUDIT_API_PORT ?? '3501',
  webPort: process.env.AUDIT_WEB_PORT ?? '3500',
  distDir: 'dist-audit',
});

/** The pages audited: path, who is signed in (a Cookie header or none) and the performance target. */
async function pagesToAudit() {
  const professional = await demoProfessional(stack);
  const professionalCookie = await signedInAs(stack, 'profesional');
  const adminCookie = await signedInAs(stack, 'admin');
  return [
    { name: '/', path: '/', performance: TARGETS.performanceLanding },
    { name: '/home', path: '/home' },
    { name: '/home/plomero', path: '/home/plomero' },
    { name: '/detail/{id}', path: `/detail/${professional.id}` },
    { name: '/cart', path: '/cart' },
    { name: '/details/me (profesional)', path: '/details/me', cookie: professionalCookie },
    { name: '/admin', path: '/admin', cookie: adminCookie },
  ].map((page) => ({ performance: TARGETS.performance, ...page }));
}

/** The elements a Lighthouse audit's details name (nested tables included), as short labels. */
function nodeLabels(audit) {
  const labels = [];
  const visit = (value) => {
    if (!value || typeof value !== 'object') return;
    if (value.type === 'node' && (value.selector || value.nodeLabel)) {
      labels.push(`${value.selector ?? ''} «${String(value.nodeLabel ?? '').slice(0, 60)}»`.trim());
      return;
    }
    for (const child of Array.isArray(value) ? value : Object.values(value)) visit(child);
  };
  visit(audit?.details);
  return [...new Set(labels)];
}

async function lighthouseOf(page) {
  const results = [];
  for (let i = 0; i < runs; i++) {
    // A fresh browser per run: no cache or storage carried between pages.
    const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: CHROMIUM_FLAGS });
    try {
      const measure = () =>
        lighthouse(`${stack.webUrl}${page.path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          extraHeaders: page.cookie ? { Cookie: page.cookie } : undefined,
        });
      let { lhr } = await measure();
      // Lighthouse sometimes fails to record its own trace (NO_NAVSTART, nothing the page did): that run is made again,
      // twice at most, rather than kept as a 0.
      for (let retry = 0; retry < 2 && lhr.runtimeError?.code === 'NO_NAVSTART'; retry++) ({ lhr } = await measure());
      if (process.env.AUDIT_LHR_DIR) {
        mkdirSync(process.env.AUDIT_LHR_DIR, { recursive: true });
        writeFileSync(`${process.env.AUDIT_LHR_DIR}/${page.name.replace(/[^\w]+/g, '_')}-${i}.json`, JSON.stringify(lhr));
      }
      results.push({
        // A run Lighthouse could not measure (no paint, the page crashed) says why; its metrics are missing.
        runtimeError: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : null,
        performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
        accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
        lcpMs: lhr.audits['largest-contentful-paint'].numericValue,
        tbtMs: lhr.audits['total-blocking-time'].numericValue,
        cls: lhr.audits['cumulative-layout-shift'].numericValue,
        // What keeps accessibility under 100: the category's audits that did not pass.
        accessibilityMisses: lhr.categories.accessibility.auditRefs
          .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => ref.id),
        // Where to look next: the element of the LCP, the elements that moved, the longest main-thread tasks' sources.
        lcpElement: nodeLabels(lhr.audits['largest-contentful-paint-element'])[0] ?? null,
        shifted: nodeLabels(lhr.audits['layout-shifts']).slice(0, 3),
        bootup: (lhr.audits['bootup-time']?.details?.items ?? [])
          .slice(0, 3)
          .map((item) => `${String(item.url).replace(stack.webUrl, '')} ${Math.round(item.total)} ms`),
      });
    } finally {
      await chrome.kill();
    }
  }
  results.sort((a, b) => a.performance - b.performance);
  return results[Math.floor(results.length / 2)];
}

async function axeOf(browser, page) {
  const context = await browser.newContext({
    locale: 'es-AR',
    viewport: { width: 1280, height: 900 },
    extraHTTPHeaders: page.cookie ? { Cookie: page.cookie } : {},
  });
  try {
    const tab = await context.newPage();
    await tab.goto(`${stack.webUrl}${page.path}`, { waitUntil: 'networkidle' });
    // Finite animations settled (endless ones never do), for 5 s at most.
    await tab
      .waitForFunction(
        () =>
          globalThis.document
            .getAnimations()
            .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
        undefined,
        { timeout: 5_000 },
      )
      .catch(() => undefined);
    const { violations } = await new AxeBuilder({ page: tab })
      .options({ rules: { 'heading-order': { enabled: true } } })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    return violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
  } finally {
    await context.close();
  }
}

const mark = (ok) => (ok ? 'PASS' : 'MISS');
/** A metric against its ceiling; one Lighthouse did not measure is a MISS shown as "—". */
const measured = (value, format, ceiling) =>
  typeof value === 'number' && Number.isFinite(value) ? `${format(value)} ${mark(value <= ceiling)}` : '— MISS';

function printTable(rows) {
  const header = ['página', 'performance', 'accesibilidad', 'LCP', 'TBT', 'CLS', 'axe'];
  const lines = rows.map(({ page, lh, axe }) => [
    page.name,
    `${lh.performance} (≥${page.performance}) ${mark(lh.performance >= page.performance)}`,
    `${lh.accessibility} ${mark(lh.accessibility >= TARGETS.accessibility)}`,
    measured(lh.lcpMs, (ms) => `${(ms / 1000).toFixed(1)} s`, TARGETS.lcpMs),
    measured(lh.tbtMs, (ms) => `${Math.round(ms)} ms`, TARGETS.tbtMs),
    measured(lh.cls, (cls) => cls.toFixed(2), TARGETS.cls),
    `${axe.length} ${mark(axe.length === TARGETS.axe)}`,
  ]);
  console.log(`\n| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|`);
  for (const line of lines) console.log(`| ${line.join(' | ')} |`);
  const misses = lines.flat().filter((cell) => cell.endsWith('MISS')).length;
  console.log(misses === 0 ? '\nPASS: todas las páginas cumplen todos los objetivos.' : `\nMISS: ${misses} objetivos sin cumplir.`);
  for (const { page, axe } of rows) for (const finding of axe) console.log(`  axe ${page.name}: ${finding}`);
  for (const { page, lh } of rows) {
    if (lh.runtimeError) console.log(`  lighthouse ${page.name}: ${lh.runtimeError}`);
    if (lh.accessibilityMisses.length > 0) console.log(`  accesibilidad ${page.name}: ${lh.accessibilityMisses.join(', ')}`);
    console.log(
      `  ${page.name}: LCP ${lh.lcpElement ?? '—'}; se movieron ${lh.shifted.join(', ') || 'ninguno'}; JS ${lh.bootup.join(', ')}`,
    );
  }
}

ensureChromium();
if (process.env.AUDIT_SKIP_BUILD !== '1') buildStack(stack);
const { stop } = await startStack(stack);
try {
  const only = process.env.AUDIT_PAGES?.split(',').map((name) => name.trim());
  const pages = (await pagesToAudit()).filter((page) => !only || only.includes(page.name));
  if (pages.length === 0) throw new Error(`AUDIT_PAGES=${process.env.AUDIT_PAGES}: ninguna página con esos nombres`);
  const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_FLAGS });
  const rows = [];
  try {
    for (const page of pages) {
      console.log(`Auditando ${page.name}…`);
      rows.push({ page, lh: await lighthouseOf(page), axe: await axeOf(browser, page) });
    }
  } finally {
    await browser.close();
  }
  printTable(rows);
  mkdirSync(`${root}test-results`, { recursive: true });
  writeFileSync(
    `${root}test-results/audit-web.json`,
    JSON.stringify(
      { targets: TARGETS, runs, pages: rows.map(({ page, lh, axe }) => ({ page: page.name, path: page.path, ...lh, axe })) },
      null,
      2,
    ),
  );
} finally {
  await stop();
}
