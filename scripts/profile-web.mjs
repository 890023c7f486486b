// `npm run profile:web`: where a public page's main thread goes, to compare two versions of the SPA in pairs. Builds
// the product as in production (the SPA with source maps), serves it (scripts/stack.mjs) and loads each page in
// Debian's Chromium on a phone-sized screen with the CPU slowed down (4x, as Lighthouse's mobile preset), recording
// the page's JavaScript profile. Prints, per run, the main thread's busy time, the time its tasks blocked beyond
// 50 ms, FCP and LCP; then, over the runs, the functions and packages that took the most (by their original sources;
// `(program)` is the browser's own work: styles, layout, paint).
// Lighthouse's own scores move with this machine's speed between runs; these figures, taken minutes apart for the
// two versions, are what a change's effect was judged by. A report: it asserts nothing.
//
// Environment: PROFILE_PAGES (`/home,/detail/{id}`: paths; {id} is a seeded professional), PROFILE_RUNS (3),
// PROFILE_TOP (25 functions), PROFILE_CPU (4: the CPU slowdown), PROFILE_NETWORK=1 (a slow 4G link: 150 ms,
// 1.6 Mbit/s), PROFILE_SKIP_BUILD=1 (reuse apps/web/dist-profile and the built API), PROFILE_AS (`profesional` or
// `admin`: the pages are loaded signed in as the demo professional or the administrator, e.g. /details/me, /admin),
// PROFILE_REDUCED_MOTION=1 (the browser asks for reduced motion, as some visitors' systems do).
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { existsSync, readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, chromiumPath, ensureChromium } from './chromium.mjs';
import { buildStack, demoProfessional, SIGN_IN_ROLES, signedInAs, stackConfig, startStack } from './stack.mjs';

const runs = Math.max(1, Number(process.env.PROFILE_RUNS ?? 3) || 3);
const top = Math.max(0, Number(process.env.PROFILE_TOP ?? 25) || 0);
const cpuSlowdown = Math.max(1, Number(process.env.PROFILE_CPU ?? 4) || 4);
const signInAs = process.env.PROFILE_AS || undefined;
if (signInAs && !SIGN_IN_ROLES.includes(signInAs)) {
  console.error(`✖ PROFILE_AS=${signInAs}: debe ser ${SIGN_IN_ROLES.join(' o ')}`);
  process.exit(1);
}
const stack = stackConfig({ name: 'profile', apiPort: '3701', webPort: '3700', distDir: 'dist-profile' });

/** The original place of a profiled function (source file and name), through the built chunk's source map. */
function sourceMaps() {
  const maps = new Map();
  return ({ url, lineNumber, columnNumber, functionName }) => {
    if (!url) return { file: functionName || '(program)', name: functionName || '(program)' };
    if (!maps.has(url)) {
      const file = `${stack.distDir}${new URL(url).pathname}.map`;
      maps.set(url, existsSync(file) ? new TraceMap(readFileSync(file, 'utf8')) : null);
    }
    const map = maps.get(url);
    const original = map && originalPositionFor(map, { line: lineNumber + 1, column: columnNumber });
    if (!original?.source) return { file: url.split('/').pop(), name: functionName || '(anónima)' };
    const source = original.source.replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '');
    const pkg = original.source.includes('node_modules/') ? source.match(/^(@[^/]+\/)?[^/]+/)[0] : source;
    return { file: pkg, name: `${source}:${original.line} ${original.name ?? functionName}` };
  };
}

/** Adds each profile sample's time to its function and its package (idle time left out); answers the busy time. */
function addSelfTimes(profile, place, byFunction, byPackage) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  let busy = 0;
  for (let i = 1; i < profile.samples.length; i += 1) {
    const frame = nodes.get(profile.samples[i]).callFrame;
    if (frame.functionName === '(idle)') continue;
    const ms = profile.timeDeltas[i] / 1000;
    const { file, name } = place(frame);
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
    byPackage.set(file, (byPackage.get(file) ?? 0) + ms);
    busy += ms;
  }
  return busy;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const printTop = (title, totals) => {
  console.log(`  ${title}`);
  for (const [name, ms] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`    ${(ms / runs).toFixed(1).padStart(8)} ms  ${name}`);
};

/** One load of the page: its profile, long tasks and paints. */
async function loadOnce(browser, url, cookie) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    reducedMotion: process.env.PROFILE_REDUCED_MOTION === '1' ? 'reduce' : 'no-preference',
  });
  try {
    if (cookie)
      await context.addCookies(
        cookie.split('; ').map((pair) => {
          const [name, ...value] = pair.split('=');
          return { name, value: value.join('='), url: stack.webUrl };
        }),
      );
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    if (process.env.PROFILE_NETWORK === '1') {
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: (1.6 * 1024 * 1024) / 8,
        uploadThroughput: (750 * 1024) / 8,
      });
    }
    await page.addInitScript(() => {
      const seen = { longTasks: [], lcp: 0 };
      globalThis.__profileWeb = seen;
      new PerformanceObserver((list) => seen.longTasks.push(...list.getEntries().map((task) => task.duration))).observe({
        type: 'longtask',
        buffered: true,
      });
      new PerformanceObserver((list) => (seen.lcp = list.getEntries().at(-1).startTime)).observe({
        type: 'largest-contentful-paint',
        buffered: true,
      });
    });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(url, { waitUntil: 'networkidle' });
    // Effects and late renders after the last answer.
    await page.waitForTimeout(1500);
    const { profile } = await cdp.send('Profiler.stop');
    const seen = await page.evaluate(() => ({
      ...globalThis.__profileWeb,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
    }));
    return { profile, blocking: seen.longTasks.reduce((sum, ms) => sum + Math.max(0, ms - 50), 0), fcp: seen.fcp, lcp: seen.lcp };
  } finally {
    await context.close();
  }
}

ensureChromium();
if (process.env.PROFILE_SKIP_BUILD !== '1') {
  process.env.WEB_SOURCEMAP = '1';
  buildStack(stack);
}
const { stop } = await startStack(stack);
try {
  const professional = await demoProfessional(stack);
  const cookie = signInAs ? await signedInAs(stack, signInAs) : undefined;
  const paths = (process.env.PROFILE_PAGES ?? '/home,/detail/{id}').split(',').map((path) => path.trim().replace('{id}', professional.id));
  const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_FLAGS });
  try {
    for (const path of paths) {
      console.log(
        `\n${path}${cookie ? ` (como ${signInAs})` : ''} (CPU ${cpuSlowdown}x${process.env.PROFILE_NETWORK === '1' ? ', 4G lento' : ''}, ${runs} cargas)`,
      );
      const place = sourceMaps();
      const byFunction = new Map();
      const byPackage = new Map();
      const loads = [];
      for (let run = 0; run < runs; run += 1) {
        const load = await loadOnce(browser, `${stack.webUrl}${path}`, cookie);
        const busy = addSelfTimes(load.profile, place, byFunction, byPackage);
        loads.push({ ...load, busy });
        console.log(
          `  carga ${run + 1}: ocupado ${busy.toFixed(0)} ms, bloqueo > 50 ms ${load.blocking.toFixed(0)} ms, FCP ${load.fcp.toFixed(0)} ms, LCP ${load.lcp.toFixed(0)} ms`,
        );
      }
      const mid = (key) => median(loads.map((load) => load[key])).toFixed(0);
      console.log(`  mediana: ocupado ${mid('busy')} ms, bloqueo ${mid('blocking')} ms, FCP ${mid('fcp')} ms, LCP ${mid('lcp')} ms`);
      if (top > 0) {
        printTop('funciones (tiempo propio por carga):', byFunction);
        printTop('paquetes y archivos:', byPackage);
      }
    }
  } finally {
    await browser.close();
  }
} finally {
  await stop();
}
