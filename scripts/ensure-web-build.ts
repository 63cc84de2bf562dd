/**
 * `npm start` builds the web app only when the build is missing or older than its sources, so a
 * newcomer's first start builds it and later starts are instant.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// The public app and the back office are two pages of one build.
const builtPages = ['apps/web/dist/index.html', 'apps/web/dist/admin.html'].map((relative) =>
  path.join(root, relative),
);
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/admin.html',
  'apps/web/vite.config.ts',
  'apps/web/build',
  'apps/web/package.json',
  'packages/domain/src',
].map((relative) => path.join(root, relative));

function newestModification(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    newest = Math.max(newest, newestModification(path.join(target, entry)));
  }
  return newest;
}

// A page missing from the build (an older checkout built before it existed) means rebuilding.
const builtAt = Math.min(
  ...builtPages.map((page) => (fs.existsSync(page) ? fs.statSync(page).mtimeMs : 0)),
);
const sourcesChangedAt = Math.max(...sources.map(newestModification));

if (builtAt >= sourcesChangedAt) {
  console.log('web app is up to date');
} else {
  console.log(
    builtAt === 0 ? 'building the web app (first start)…' : 'web sources changed: rebuilding…',
  );
  const result = spawnSync('npm', ['run', 'build', '-w', '@app/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  process.exit(result.status ?? 1);
}
