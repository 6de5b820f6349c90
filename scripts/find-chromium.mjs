// Finds a Chromium for the end-to-end tests: $CHROMIUM_PATH, Debian's /usr/bin/chromium,
// or Playwright's own download. Installs Debian's package when running as root on Debian.
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

const candidates = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/snap/bin/chromium'];

async function playwrightChromium() {
  try {
    const { chromium } = await import('@playwright/test');
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

export async function findChromium({ install = true } = {}) {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new Error(`CHROMIUM_PATH is set to ${fromEnv}, but nothing is there.`);
  }
  const found = candidates.find((path) => existsSync(path)) ?? (await playwrightChromium());
  if (found) return found;
  if (install && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log('No Chromium found; installing Debian\'s chromium package…');
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  throw new Error(
    'No Chromium found for the end-to-end tests. Install one and run again:\n' +
      '  Debian/Ubuntu: sudo apt-get install -y chromium\n' +
      '  elsewhere:     npx playwright install chromium\n' +
      'or point CHROMIUM_PATH at a Chromium or Chrome binary.',
  );
}

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** For command-line scripts: the Chromium path, or the reason there is none and exit code 1. */
export async function findChromiumOrExit() {
  try {
    return await findChromium();
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
