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
  fs.writeFileSync(indexFile, withEarlyRequests(page, script));
}

const MODULE_PRELOAD = /\n?[ \t]*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * index.html with the early requests' script at the top of its head and, right after it, a script
 * that adds the app's module preloads, taken out of the markup: the browser's preload scanner asks
 * for every link it sees while the page still parses, before any inline script has run. Over
 * HTTP/1.1 (`npm start`, or a proxy that speaks it) a dozen scripts took the host's six connections,
 * and an announcement's early request waited 1.3 s for one on a throttled phone (Slow 4G), its
 * photo after it (bench/results/web-2026-12-02-s26.md). The entry's own script tag stays, and is
 * still asked first.
 */
export function withEarlyRequests(page: string, requestsScript: string): string {
  const preloads = [...page.matchAll(MODULE_PRELOAD)].map(([, href]) => href!);
  const scripts = [requestsScript];
  if (preloads.length > 0) {
    scripts.push(
      `for (const href of ${JSON.stringify(preloads)}) {` +
        ` const link = document.createElement('link'); link.rel = 'modulepreload';` +
        ` link.crossOrigin = ''; link.href = href; document.head.appendChild(link); }`,
    );
  }
  const tags = scripts.map((script) => `\n    <script>${script}</script>`).join('');
  // A function: the scripts' text may hold what a replacement string reads as $ patterns.
  return page.replace(MODULE_PRELOAD, '').replace('</title>', () => `</title>${tags}`);
}
