import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Manifest, Plugin } from 'vite';
import { addEarlyRequests } from './early-requests';
import { prerenderEarlyScreens } from './early-screens';
import { prerenderEarlyLogin } from './early-login';

/**
 * What the first load of a phone needs from the build (issue 17), done once the files are written:
 * 0. index.html gets the early login, the login screen's markup shown before the app's JavaScript
 *    (build/early-login.ts), and the early requests, the signed-in home's or announcement's data
 *    asked before it (build/early-requests.ts);
 * 1. the service worker (public/sw.js) gets the build's version and the list of files of the app
 *    shell to keep on the device: index.html, the entry's scripts and styles, the code of the first
 *    screens, the icons and the offline page;
 * 2. every text file gets a brotli (.br) and a gzip (.gz) copy beside it, made once here at the
 *    strongest setting, which the server sends as they are (apps/server/src/modules/web-app).
 */

/** Screens whose code the shell keeps: where a signed-out and a signed-in visit start. */
export const SHELL_SCREENS = [
  'src/app/routes/login.tsx',
  'src/app/routes/home.tsx',
  'src/app/routes/search.tsx',
  'src/app/routes/annonce-show.tsx',
];
/**
 * Code the shell fetches on first use rather than before it shows (issue 17), kept on the device
 * all the same so that the app offline still has its menu and its toasts (the offline error is one).
 * Manifest keys, matched by their end (node_modules lives at the repository's root).
 */
export const SHELL_ON_DEMAND = [
  'node_modules/sonner/dist/index.mjs',
  'src/app/shell/mobile-menu-drawer.tsx',
  // The app-wide modals, fetched when one is first due (src/app/shell/global-dialogs.tsx).
  'src/app/shell/support-dialogs.tsx',
  'src/app/shell/account-dialogs.tsx',
  // The login's form rules (zod): offline, sending the form still says "no network".
  'src/features/auth/components/login-form.schema.ts',
  'src/features/auth/components/precheck-form.schema.ts',
  // The French texts of SHELL_SCREENS (their withTexts areas in src/app/router.tsx), then of the
  // app-wide modals (theirs in src/app/shell/global-dialogs.tsx).
  ...['auth', 'dates', 'discovery', 'cards', 'annonces', 'found', 'recovery'].map(
    (area) => `src/locales/fr/${area}.json`,
  ),
  ...['support', 'identity', 'onboarding', 'permissions'].map(
    (area) => `src/locales/fr/${area}.json`,
  ),
];
const SHELL_STATIC_FILES = [
  '/index.html',
  '/offline.html',
  '/manifest.webmanifest',
  '/favicon.svg',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
  '/icons/maskable-192.png',
  '/icons/maskable-512.png',
  '/icons/apple-touch-icon.png',
];
/** The build's text files: each gets its .br and .gz copies (precompress below). */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/;

/** The files (hashed, under assets/) a manifest entry loads before it runs: its static imports, transitively, and their styles. */
export function staticClosure(manifest: Manifest, keys: string[]) {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return { scripts: [...scripts], styles: [...styles] };
}

export function shellFiles(manifest: Manifest) {
  const onDemand = Object.keys(manifest).filter((key) =>
    SHELL_ON_DEMAND.some((wanted) => key.endsWith(wanted)),
  );
  if (onDemand.length !== SHELL_ON_DEMAND.length) {
    throw new Error(`The build has lost one of ${SHELL_ON_DEMAND.join(', ')}`);
  }
  const { scripts, styles } = staticClosure(manifest, [
    'index.html',
    ...SHELL_SCREENS,
    ...onDemand,
  ]);
  return [...SHELL_STATIC_FILES, ...[...scripts, ...styles].map((file) => `/${file}`)].sort();
}

function writeServiceWorker(outDir: string, manifest: Manifest) {
  const file = path.join(outDir, 'sw.js');
  const files = shellFiles(manifest).filter((name) => fs.existsSync(path.join(outDir, name)));
  const version = createHash('sha256')
    .update(files.join('\n'))
    .update(fs.readFileSync(path.join(outDir, 'index.html')))
    .digest('hex')
    .slice(0, 12);
  const source = fs.readFileSync(file, 'utf8');
  const built = source
    .replace(/^const VERSION = 'dev';$/m, `const VERSION = '${version}';`)
    .replace(/^const SHELL_FILES = \[\];$/m, `const SHELL_FILES = ${JSON.stringify(files)};`);
  if (built === source || built.includes("VERSION = 'dev'")) {
    throw new Error(
      'public/sw.js no longer has the VERSION and SHELL_FILES lines the build fills in',
    );
  }
  fs.writeFileSync(file, built);
}

function* textFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== '.vite') yield* textFiles(full);
    } else if (COMPRESSIBLE.test(entry.name)) {
      yield full;
    }
  }
}

/**
 * Every text file, the smallest too: a file the server finds without its .br is compressed there at
 * each request, as a stream (@fastify/compress cannot know a file's size). A 62-byte chunk cost the
 * server 3.9 ms of CPU that way, 1.1 ms sent as its .br (2026-12-01), and the build has some sixty
 * chunks under 1 KB.
 */
function precompress(outDir: string) {
  for (const file of textFiles(outDir)) {
    const content = fs.readFileSync(file);
    fs.writeFileSync(
      `${file}.br`,
      zlib.brotliCompressSync(content, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
    );
    fs.writeFileSync(
      `${file}.gz`,
      zlib.gzipSync(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
    );
  }
}

export function firstLoadPlugin(): Plugin {
  let outDir = 'dist';
  let root = '.';
  return {
    name: 'veilleurs-first-load',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const manifest = JSON.parse(
        fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8'),
      ) as Manifest;
      // index.html gets the early screens and the early requests first: the service worker's
      // version hashes the page.
      await prerenderEarlyLogin(root, outDir);
      await prerenderEarlyScreens(root, outDir);
      await addEarlyRequests(root, outDir);
      writeServiceWorker(outDir, manifest);
      precompress(outDir);
    },
  };
}

/** A file's size as the server sends it: its .br copy when the build made one. */
function sentSize(outDir: string, file: string) {
  const compressed = path.join(outDir, `${file}.br`);
  return fs.existsSync(compressed)
    ? fs.statSync(compressed).size
    : fs.statSync(path.join(outDir, file)).size;
}

/**
 * The compressed bytes of JavaScript a screen needs before it shows: the entry's scripts, the
 * screen's, and the French texts of the areas it loads with (withTexts in src/app/router.tsx),
 * each counted once, as the .br files the server sends (the size a phone downloads).
 */
export function firstLoadScriptBytes(
  outDir: string,
  screen: string,
  texts: readonly string[] = [],
) {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest;
  if (!manifest[screen]) throw new Error(`${screen} is not a screen of the build`);
  const textKeys = texts.map((area) => `src/locales/fr/${area}.json`);
  for (const key of textKeys) {
    if (!manifest[key]) throw new Error(`${key} is not a text area of the build`);
  }
  const { scripts } = staticClosure(manifest, ['index.html', screen, ...textKeys]);
  const files = scripts.map((file) => ({ file, size: sentSize(outDir, file) }));
  return { total: files.reduce((sum, { size }) => sum + size, 0), files };
}

/**
 * The compressed bytes of JavaScript the browser needs before the login screen shows (issue 17).
 * When index.html carries the early login (build/early-login.ts), that is what runs before the
 * page can paint: the classic scripts of the page (module scripts wait for the page to be parsed,
 * and the early login is painted without them; e2e/specs/early-login.spec.ts shows it with every
 * other script blocked). Without the early login, the login shows when React has rendered it: the
 * entry, the login screen and its texts (firstLoadScriptBytes).
 */
export function loginFirstPaintScriptBytes(
  outDir: string,
  loginScreen: string,
  loginTexts: readonly string[],
) {
  const page = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const early = /<div id="early-login">[\s\S]*<form[\s\S]*<\/form>/.test(page);
  if (!early) return { early, ...firstLoadScriptBytes(outDir, loginScreen, loginTexts) };
  const files: { file: string; size: number }[] = [];
  for (const [tag, attributes = '', body = ''] of page.matchAll(
    /<script\b([^>]*)>([\s\S]*?)<\/script>/g,
  )) {
    if (/\btype="module"|\basync\b|\bdefer\b/.test(attributes)) continue;
    const src = /\bsrc="\/([^"]+)"/.exec(attributes)?.[1];
    if (src) files.push({ file: src, size: sentSize(outDir, src) });
    // Inline, it travels inside the page's own brotli: counted as its text compressed alone.
    else
      files.push({
        file: `inline: ${tag.slice(0, 40)}`,
        size: zlib.brotliCompressSync(body).length,
      });
  }
  return { early, total: files.reduce((sum, { size }) => sum + size, 0), files };
}
