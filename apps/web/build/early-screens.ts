import fs from 'node:fs';
import path from 'node:path';
import {
  EARLY_PHOTO_SLOT_ATTRIBUTE,
  EARLY_SCREEN_ATTRIBUTE,
  EARLY_SCREEN_ROLES_META,
  EARLY_SCREENS,
  type EarlyScreen,
} from '../src/lib/early-screen';
import { renderInNode } from './render-in-node';

/**
 * Puts the early screens (issue 17, src/lib/early-screen.ts) in the built index.html: the signed-in
 * home's, an announcement's and the search's frame and loading state, rendered by React's server
 * renderer from the app's own components, each hidden unless the early requests' script says this
 * visit opens there. Each is a picture of the screen, not the screen: inert and hidden from
 * assistive technology until the app, rendering out of sight meanwhile, takes its place.
 */

const ROOT_ELEMENT = '<div id="root"></div>';

/** The screens' modules (src/app/early-*.prerender.tsx), each drawing its early screen. */
const PRERENDERS: Record<EarlyScreen, string> = {
  home: '/src/app/early-home.prerender.tsx',
  annonce: '/src/app/early-annonce.prerender.tsx',
  search: '/src/app/early-search.prerender.tsx',
};

interface Rendered {
  markup: string;
  roles: readonly string[];
}

/** Each early screen hidden unless it is the one named on <html>; the app hidden while one is. */
function earlyScreensStyle(): string {
  const rules = Object.entries(EARLY_SCREENS).map(
    ([screen, id]) => `html:not([${EARLY_SCREEN_ATTRIBUTE}="${screen}"]) #${id}{display:none}`,
  );
  return `<style>${rules.join('')}html[${EARLY_SCREEN_ATTRIBUTE}] #root{display:none}</style>`;
}

/** Puts the early screens into the built index.html, before the app's root. */
export async function prerenderEarlyScreens(root: string, outDir: string): Promise<void> {
  const screens = Object.keys(EARLY_SCREENS) as EarlyScreen[];
  const rendered = await renderInNode(root, async (load) => {
    const drawn: Rendered[] = [];
    for (const screen of screens) {
      const module = (await load(PRERENDERS[screen])) as {
        renderEarlyScreen: () => Promise<Rendered>;
      };
      drawn.push(await module.renderEarlyScreen());
    }
    return drawn;
  });
  // One header, one set of roles: a boot script reads them for whichever screen it shows.
  const roles = rendered[0]?.roles ?? [];
  if (rendered.some((each) => each.roles.join(' ') !== roles.join(' '))) {
    throw new Error('the early screens were drawn for different roles');
  }
  const pictures = rendered.map(({ markup }, index) => {
    const screen = screens[index]!;
    // A picture of the screen names nothing: without its ids, the app's own elements of the same
    // ids (the search field its label points to) are the only ones while both are in the page.
    const picture = markup.replace(
      / (?:id|for|aria-labelledby|aria-describedby|aria-controls)="[^"]*"/g,
      '',
    );
    if (!picture.includes(EARLY_PHOTO_SLOT_ATTRIBUTE)) {
      throw new Error(`the early ${screen} rendered no photo box to put its first photo in`);
    }
    return `<div id="${EARLY_SCREENS[screen]}" inert aria-hidden="true">${picture}</div>`;
  });
  const indexFile = path.join(outDir, 'index.html');
  const page = fs.readFileSync(indexFile, 'utf8');
  if (!page.includes(ROOT_ELEMENT) || !page.includes('<title>') || !page.includes('</title>')) {
    throw new Error(`index.html has no ${ROOT_ELEMENT} or <title> to put the early screens beside`);
  }
  fs.writeFileSync(
    indexFile,
    page
      // Before the title, so before the early requests' script that reads it (early-requests.ts).
      .replace(
        '<title>',
        `<meta name="${EARLY_SCREEN_ROLES_META}" content="${roles.join(' ')}" />\n    <title>`,
      )
      .replace('</title>', `</title>\n    ${earlyScreensStyle()}`)
      .replace(ROOT_ELEMENT, `${pictures.join('\n    ')}\n    ${ROOT_ELEMENT}`),
  );
}
