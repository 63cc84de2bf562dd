/**
 * Programs some tests read their output with, outside Node: poppler reads the flyer PDF as any PDF
 * reader would (text, images, the page as a picture for its QR code), and the cluster test puts the
 * real nginx of docs/deploy.md in front of two instances.
 *
 * As root with apt-get (the CI machines), a missing one is installed from Debian's packages and
 * said so. Elsewhere nothing is installed behind the user's back: the tests that need the program
 * are skipped by name, and this says which package brings it.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

interface SystemTool {
  /** The program the tests call. */
  binary: string;
  /** Debian's package that brings it (and what it needs alongside). */
  packages: string[];
  /** Which tests skip without it. */
  neededBy: string;
  /** After installing: keep a package's own service from holding a port the tests use. */
  afterInstall?: () => void;
}

const tools: SystemTool[] = [
  {
    binary: 'pdftotext',
    packages: ['poppler-utils'],
    neededBy: 'the flyer PDF tests (server flyer routes, the recovery journey)',
  },
  {
    binary: 'nginx',
    packages: ['nginx', 'openssl'],
    neededBy: 'the cluster test behind nginx (apps/server/test/deploy)',
    afterInstall: () => {
      spawnSync('sh', ['-c', 'service nginx stop || pkill -x nginx || true'], { stdio: 'ignore' });
    },
  },
];

const searchPath = ['/usr/bin', '/usr/sbin', '/usr/local/bin', '/usr/local/sbin', '/bin', '/sbin'];

function findBinary(binary: string): string | undefined {
  const folders = [...(process.env.PATH ?? '').split(':'), ...searchPath].filter(Boolean);
  return folders
    .map((folder) => `${folder}/${binary}`)
    .find((file) => {
      try {
        fs.accessSync(file, fs.constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
}

function canUseApt(): boolean {
  return process.getuid?.() === 0 && findBinary('apt-get') !== undefined;
}

function aptInstall(packages: string[]): boolean {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  console.log(`$ apt-get install -y -qq ${packages.join(' ')}`);
  const install = () =>
    spawnSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env })
      .status === 0;
  if (install()) return true;
  // A fresh machine's package lists may be empty or stale.
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  return install();
}

/** Finds each program, installs what is missing where it may, and says what it did. */
export function findOrInstallSystemTools(): void {
  for (const tool of tools) {
    if (findBinary(tool.binary)) continue;
    if (canUseApt()) {
      console.log(
        `${tool.binary} is missing: installing Debian's ${tool.packages.join(' ')} (running as root).`,
      );
      if (aptInstall(tool.packages) && findBinary(tool.binary)) {
        tool.afterInstall?.();
        continue;
      }
      console.log(`apt-get could not install ${tool.packages.join(' ')}.`);
    }
    console.log(
      `${tool.binary} is missing, so ${tool.neededBy} will be skipped: install Debian's ` +
        `${tool.packages[0]} package (or your system's equivalent) to run them.`,
    );
  }
}
