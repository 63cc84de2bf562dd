import fs from 'node:fs';
import path from 'node:path';
import { earlyAnnonceBootCall } from '../src/features/annonces/api/early-annonce-boot';
import { earlyHomeBootCall } from '../src/features/discovery/api/early-home-boot';
import { signedInBootScriptSource } from '../src/lib/boot-script';

/**
 * Puts the early requests (issue 17) in the built index.html: the signed-in home's
 * (src/features/discovery/api/early-home-boot.ts) and an announcement's
 * (src/features/annonces/api/early-annonce-boot.ts), in one classic inline script at the top of
 * the head, before the stylesheet (an inline script after one waits for it), so that a signed-in
 * visit asks its first screen's data while the app's JavaScript is still downloading. Each does
 * nothing on another screen. The server's Content-Security-Policy allows the script by its hash
 * like the early login's (apps/server/src/modules/web-app/inline-scripts.ts).
 */
export function addEarlyRequests(outDir: string): void {
  const indexFile = path.join(outDir, 'index.html');
  const page = fs.readFileSync(indexFile, 'utf8');
  if (!page.includes('</title>'))
    throw new Error('index.html has no <title> to put the early requests after');
  const script = signedInBootScriptSource([earlyHomeBootCall(), earlyAnnonceBootCall()]);
  fs.writeFileSync(indexFile, page.replace('</title>', `</title>\n    <script>${script}</script>`));
}
