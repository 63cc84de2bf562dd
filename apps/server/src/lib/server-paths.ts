import fs from 'node:fs';
import path from 'node:path';

/**
 * The apps/server folder, found from wherever this code runs: src/ under tsx, dist/ once compiled
 * (one bundled file). The migrations, the built web app and the reference data are located from it,
 * so `npm start` and the compiled production start find the same folders.
 */
function findServerRoot(): string {
  let dir = import.meta.dirname;
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      const { name } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string };
      if (name === '@app/server') return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`apps/server not found above ${import.meta.dirname}`);
    dir = parent;
  }
}

export const SERVER_ROOT = findServerRoot();
