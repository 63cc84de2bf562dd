import fs from 'node:fs';
import path from 'node:path';
import {
  EARLY_HOME_ATTRIBUTE,
  EARLY_HOME_ID,
  EARLY_HOME_ROLES_META,
  EARLY_PHOTO_SLOT_ATTRIBUTE,
} from '../src/lib/early-home';
import { renderInNode } from './render-in-node';

/**
 * Puts the early home (issue 17, src/lib/early-home.ts) in the built index.html: the signed-in
 * home's frame and loading rows rendered by React's server renderer from the app's own components,
 * hidden unless the early home request's script (features/discovery/api/early-home-boot.ts) says
 * this visit opens there. It is a picture of the screen, not the screen: inert and hidden from
 * assistive technology until the app, rendering out of sight meanwhile, takes its place.
 */

const ROOT_ELEMENT = '<div id="root"></div>';
const EARLY_HOME_STYLE = `<style>html:not([${EARLY_HOME_ATTRIBUTE}]) #${EARLY_HOME_ID}{display:none}html[${EARLY_HOME_ATTRIBUTE}] #root{display:none}</style>`;

/** Puts the early home into the built index.html, before the app's root. */
export async function prerenderEarlyHome(root: string, outDir: string): Promise<void> {
  const { markup, roles } = await renderInNode(root, async (load) => {
    const module = (await load('/src/app/early-home.prerender.tsx')) as {
      renderEarlyHome: () => Promise<{ markup: string; roles: readonly string[] }>;
    };
    return module.renderEarlyHome();
  });
  // A picture of the screen names nothing: without its ids, the app's own elements of the same
  // ids (the search field its label points to) are the only ones while both are in the page.
  const picture = markup.replace(
    / (?:id|for|aria-labelledby|aria-describedby|aria-controls)="[^"]*"/g,
    '',
  );
  if (!picture.includes(EARLY_PHOTO_SLOT_ATTRIBUTE)) {
    throw new Error('the early home rendered no loading card to put the first photo in');
  }
  const indexFile = path.join(outDir, 'index.html');
  const page = fs.readFileSync(indexFile, 'utf8');
  if (!page.includes(ROOT_ELEMENT) || !page.includes('<title>') || !page.includes('</title>')) {
    throw new Error(`index.html has no ${ROOT_ELEMENT} or <title> to put the early home beside`);
  }
  fs.writeFileSync(
    indexFile,
    page
      // Before the title, so before the early requests' script that reads it (early-requests.ts).
      .replace(
        '<title>',
        `<meta name="${EARLY_HOME_ROLES_META}" content="${roles.join(' ')}" />\n    <title>`,
      )
      .replace('</title>', `</title>\n    ${EARLY_HOME_STYLE}`)
      .replace(
        ROOT_ELEMENT,
        `<div id="${EARLY_HOME_ID}" inert aria-hidden="true">${picture}</div>\n    ${ROOT_ELEMENT}`,
      ),
  );
}
