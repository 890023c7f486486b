// Browser tests drive Debian's Chromium (never a downloaded browser). When it
// is missing and we are root, install it through apt, as the README says.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** How the scripts launch it: headless, nothing fetched from outside, no first-run screens. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

export function ensureChromium() {
  if (existsSync(chromiumPath)) return chromiumPath;
  if (process.getuid?.() !== 0) {
    console.error(`✖ No se encontró Chromium en ${chromiumPath}. Instálelo (sudo apt-get install -y chromium) o indique CHROMIUM_PATH.`);
    process.exit(1);
  }
  console.log('Instalando Chromium de Debian (apt-get install chromium)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  // Another apt-get (an unattended upgrade, a second runner) may hold dpkg's lock: wait for it rather than fail.
  const waitForLock = ['-o', 'DPkg::Lock::Timeout=600'];
  for (const args of [
    [...waitForLock, 'update', '-qq'],
    [...waitForLock, 'install', '-y', '-qq', 'chromium', 'fonts-liberation'],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) {
      console.error('✖ apt-get no pudo instalar Chromium');
      process.exit(1);
    }
  }
  return chromiumPath;
}
