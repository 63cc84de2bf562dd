/**
 * What the classic inline scripts of index.html's head (the early login's, the early home
 * request's) share. Each runs alone, before any of the app, as its source text: the helpers below
 * are written out beside it and handed to it, so that they are written once here.
 */
export interface BootPage {
  /** A localStorage value, or null where the browser refuses storage (private browsing). */
  read(key: string): string | null;
  /** Whether this is the app's own page ("/"), where the app's routes live in the hash. */
  onAppPage: boolean;
}

/** Runs in the page, alone: it may use nothing from outside its parameter. */
export function bootPage(page: Window): BootPage {
  return {
    read: (key) => {
      try {
        return page.localStorage.getItem(key);
      } catch {
        return null;
      }
    },
    onAppPage: page.location.pathname === '/' || page.location.pathname === '/index.html',
  };
}

/** A boot script's text, as the build writes it out: `boot` called with its configuration. */
export function bootScriptSource<Config>(
  boot: (config: Config, page: Window, boot: BootPage) => void,
  config: Config,
): string {
  return `(${boot.toString()})(${JSON.stringify(config)},window,(${bootPage.toString()})(window));\n`;
}
