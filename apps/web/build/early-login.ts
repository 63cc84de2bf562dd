import fs from 'node:fs';
import path from 'node:path';
import {
  EARLY_LOGIN_ATTRIBUTE,
  EARLY_LOGIN_ID,
  earlyLoginBootSource,
} from '../src/lib/early-login-boot';
import { renderInNode } from './render-in-node';

/**
 * Puts the early login (issue 17, src/lib/early-login.ts) in the built index.html: the login
 * screen's markup rendered by React's server renderer from the app's own components, hidden unless
 * the boot script, a classic inline script of the head, says this visit starts there. Inline, it
 * costs the first paint no request; the server's Content-Security-Policy allows it by its hash
 * (apps/server/src/modules/web-app/inline-scripts.ts).
 */

const ROOT_ELEMENT = '<div id="root"></div>';
/** Until the boot script has spoken the early login is hidden; while it shows, the app renders out of sight. */
const EARLY_LOGIN_STYLE = `<style>html:not([${EARLY_LOGIN_ATTRIBUTE}]) #${EARLY_LOGIN_ID}{display:none}html[${EARLY_LOGIN_ATTRIBUTE}] #root{display:none}</style>`;

/** Puts the early login and its boot script into the built index.html. */
export async function prerenderEarlyLogin(root: string, outDir: string): Promise<void> {
  const markup = await renderInNode(root, async (load) => {
    const module = (await load('/src/app/early-login.prerender.tsx')) as {
      renderEarlyLogin: () => Promise<string>;
    };
    return module.renderEarlyLogin();
  });
  if (!markup.includes('<form')) throw new Error('the early login rendered no form');
  const indexFile = path.join(outDir, 'index.html');
  const page = fs.readFileSync(indexFile, 'utf8');
  if (!page.includes(ROOT_ELEMENT) || !page.includes('</title>')) {
    throw new Error(`index.html has no ${ROOT_ELEMENT} or <title> to put the early login beside`);
  }
  fs.writeFileSync(
    indexFile,
    page
      .replace(
        '</title>',
        `</title>\n    ${EARLY_LOGIN_STYLE}\n    <script>${earlyLoginBootSource()}</script>`,
      )
      .replace(ROOT_ELEMENT, `<div id="${EARLY_LOGIN_ID}">${markup}</div>\n    ${ROOT_ELEMENT}`),
  );
}
