import fs from 'node:fs';
import path from 'node:path';
import { earlyAnnonceBootCall } from '../src/features/annonces/api/early-annonce-boot';
import { earlyHomeBootCall } from '../src/features/discovery/api/early-home-boot';
import { earlySearchBootCall } from '../src/features/discovery/api/early-search-boot';
import { signedInBootScriptSource } from '../src/lib/boot-script';
import { renderInNode } from './render-in-node';

/** The search's form (the app's own, with @app/domain's rules): loaded through Vite. */
const SEARCH_FORM = '/src/features/discovery/lib/search-form.ts';

/**
 * Puts the early requests (issue 17) in the built index.html: the signed-in home's
 * (src/features/discovery/api/early-home-boot.ts), an announcement's
 * (src/features/annonces/api/early-annonce-boot.ts) and the search's
 * (src/features/discovery/api/early-search-boot.ts), in one classic inline script at the top of
 * the head, before the stylesheet (an inline script after one waits for it), so that a signed-in
 * visit asks its first screen's data while the app's JavaScript is still downloading. Each does
 * nothing on another screen. The server's Content-Security-Policy allows the script by its hash
 * like the early login's (apps/server/src/modules/web-app/inline-scripts.ts).
 */
export async function addEarlyRequests(root: string, outDir: string): Promise<void> {
  const firstSearchBody = await renderInNode(root, async (load) => {
    const { plainSearchFirstBody } = (await load(SEARCH_FORM)) as {
      plainSearchFirstBody: () => string;
    };
    return plainSearchFirstBody();
  });
  const indexFile = path.join(outDir, 'index.html');
  const page = fs.readFileSync(indexFile, 'utf8');
  if (!page.includes('</title>'))
    throw new Error('index.html has no <title> to put the early requests after');
  const script = signedInBootScriptSource([
    earlyHomeBootCall(),
    earlyAnnonceBootCall(),
    earlySearchBootCall(firstSearchBody),
  ]);
  fs.writeFileSync(indexFile, page.replace('</title>', `</title>\n    <script>${script}</script>`));
}
