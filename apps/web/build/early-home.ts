import fs from 'node:fs';
import path from 'node:path';
import type { Manifest } from 'vite';
import { earlyHomeBootSource } from '../src/features/discovery/api/early-home-boot';
import { staticClosure } from './static-closure';

/**
 * What the home needs beyond the entry before it can draw: its route's code, its French texts
 * (withTexts in src/app/router.tsx; French is also every other language's fallback) and the code
 * that checks its answer (features/discovery/api/discovery-answer-schemas.ts).
 */
const HOME_MODULES = [
  'src/app/routes/home.tsx',
  'src/locales/fr/discovery.json',
  'src/locales/fr/cards.json',
  'src/features/discovery/api/discovery-answers.schema.ts',
];

/**
 * Puts the early home request (issue 17, src/features/discovery/api/early-home-boot.ts) in the built
 * index.html: a classic inline script at the top of the head, before the stylesheet (an inline
 * script after one waits for it), so that a signed-in visit of the home asks its data while the
 * app's JavaScript is still downloading. The server's Content-Security-Policy allows it by its hash
 * like the early login's (apps/server/src/modules/web-app/inline-scripts.ts).
 */
export function addEarlyHomeRequest(outDir: string, manifest: Manifest): void {
  for (const key of HOME_MODULES) {
    if (!manifest[key]) throw new Error(`The build has lost ${key}, which the early home fetches`);
  }
  const entry = new Set(staticClosure(manifest, ['index.html']).scripts);
  const modules = staticClosure(manifest, HOME_MODULES)
    .scripts.filter((file) => !entry.has(file))
    .map((file) => `/${file}`);
  const indexFile = path.join(outDir, 'index.html');
  const page = fs.readFileSync(indexFile, 'utf8');
  if (!page.includes('</title>'))
    throw new Error('index.html has no <title> to put the early home request after');
  fs.writeFileSync(
    indexFile,
    page.replace('</title>', `</title>\n    <script>${earlyHomeBootSource(modules)}</script>`),
  );
}
