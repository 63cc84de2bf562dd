import path from 'node:path';
import { createServer } from 'vite';

/** Loads one of the app's modules in Node, as Vite would serve it to the browser. */
export type LoadModule = (url: string) => Promise<Record<string, unknown>>;

/**
 * Runs `render` with the app's modules loaded in Node through Vite (the app's aliases and
 * import.meta.glob), with a document from jsdom for the modules that touch it when they load (the
 * language on <html>, listeners): how the build draws the early screens (early-login.ts,
 * early-screens.ts) from the app's own components.
 */
export async function renderInNode<T>(
  root: string,
  render: (load: LoadModule) => Promise<T>,
): Promise<T> {
  // jsdom (the web tests' document) ships no types: the little used here, declared.
  const jsdom: string = 'jsdom';
  const { JSDOM } = (await import(jsdom)) as {
    JSDOM: new (
      html: string,
      options: { url: string },
    ) => { window: Window & typeof globalThis & { close(): void } };
  };
  const dom = new JSDOM('<!doctype html><html lang="fr"><body></body></html>', {
    url: 'http://localhost/',
  });
  const globals = globalThis as Record<string, unknown>;
  const replaced = ['window', 'document'].map((name) => [name, globals[name]] as const);
  globals.window = dom.window;
  globals.document = dom.window.document;
  const server = await createServer({
    configFile: false,
    root,
    logLevel: 'error',
    appType: 'custom',
    resolve: { alias: { '@': path.join(root, 'src') } },
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    return await render((url) => server.ssrLoadModule(url));
  } finally {
    await server.close();
    for (const [name, value] of replaced) globals[name] = value;
    dom.window.close();
  }
}
