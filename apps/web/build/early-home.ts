import fs from 'node:fs';
import path from 'node:path';
import { earlyHomeBootSource } from '../src/features/discovery/api/early-home-boot';

/**
 * Puts the early home request (issue 17, src/features/discovery/api/early-home-boot.ts) in the built
 * index.html: a classic inline script at the top of the head, before the stylesheet (an inline
 * script after one waits for it), so that a signed-in visit of the home asks its data while the
 * app's JavaScript is still downloading. The server's Content-Security-Policy allows it by its hash
 * like the early login's (apps/server/src/modules/web-app/inline-scripts.ts).
 */
export function addEarlyHomeRequest(outDir: string): void {
  const indexFile = path.join(outDir, 'index.html');
  const page = fs.readFileSync(indexFile, 'utf8');
  if (!page.includes('</title>'))
    throw new Error('index.html has no <title> to put the early home request after');
  fs.writeFileSync(
    indexFile,
    page.replace('</title>', `</title>\n    <script>${earlyHomeBootSource()}</script>`),
  );
}
