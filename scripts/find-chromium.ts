/**
 * The browser journeys need a Chromium. `npm test` finds one, or installs one, and says which: a
 * newcomer's `npm test` must not fail for want of a browser, nor download one behind their back.
 *
 * Order: CHROMIUM_PATH; a system Chromium; Playwright's own earlier download; Debian's package when
 * running as root with apt-get (the CI machines); Playwright's own download otherwise.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';

const systemCandidates = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
];

export interface FoundChromium {
  path: string;
  /** One sentence for the test log: where the browser came from. */
  how: string;
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

function playwrightDownload(): string | undefined {
  // Resolved from e2e's dependencies, where @playwright/test brings playwright-core.
  const require = createRequire(new URL('../e2e/package.json', import.meta.url));
  try {
    const { chromium } = require('playwright-core') as { chromium: { executablePath(): string } };
    const file = chromium.executablePath();
    return isExecutable(file) ? file : undefined;
  } catch {
    return undefined;
  }
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`$ ${command} ${args.join(' ')}`);
  return (
    spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status === 0
  );
}

function canUseApt(): boolean {
  return process.getuid?.() === 0 && isExecutable('/usr/bin/apt-get');
}

export function findOrInstallChromium(): FoundChromium {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) {
    if (isExecutable(configured)) return { path: configured, how: `CHROMIUM_PATH (${configured})` };
    throw new Error(`CHROMIUM_PATH is set to ${configured}, which is not an executable file.`);
  }
  const system = systemCandidates.find(isExecutable);
  if (system) return { path: system, how: `the system's Chromium (${system})` };
  const downloaded = playwrightDownload();
  if (downloaded)
    return { path: downloaded, how: `Playwright's Chromium downloaded earlier (${downloaded})` };

  if (canUseApt()) {
    console.log('No Chromium found: installing Debian\'s "chromium" package (running as root).');
    const env = { DEBIAN_FRONTEND: 'noninteractive' };
    if (
      run('apt-get', ['update', '-qq'], env) &&
      run('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-liberation'], env) &&
      isExecutable('/usr/bin/chromium')
    ) {
      return {
        path: '/usr/bin/chromium',
        how: 'Debian\'s "chromium" package, installed now with apt-get',
      };
    }
    console.log("apt-get could not install Chromium; trying Playwright's own download.");
  } else {
    console.log(
      "No Chromium found: downloading Playwright's Chromium (not root, so no system package).",
    );
  }
  if (run('npx', ['playwright', 'install', 'chromium'])) {
    const installed = playwrightDownload();
    if (installed)
      return { path: installed, how: `Playwright's Chromium, downloaded now (${installed})` };
  }
  throw new Error(
    'No Chromium for the browser journeys: install Debian\'s "chromium" package, run ' +
      '"npx playwright install chromium", or set CHROMIUM_PATH to a Chromium binary.',
  );
}
