import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * An i18next that records its start and its `languageChanged` listeners, in place of the real one
 * for a fresh copy of the module.
 */
function mockI18next() {
  const languageListeners: ((language: string) => void)[] = [];
  const init = vi.fn((options: { lng: string; resources: { fr: Record<string, unknown> } }) => {
    fake.language = options.lng;
    return Promise.resolve();
  });
  const fake = {
    language: '',
    init,
    on: vi.fn((event: string, listener: (language: string) => void) => {
      if (event === 'languageChanged') languageListeners.push(listener);
    }),
    use: () => fake,
  };
  vi.resetModules();
  vi.doMock('i18next', () => ({ default: fake }));
  return { init, languageListeners };
}

describe('i18n start', () => {
  afterEach(() => {
    vi.doUnmock('i18next');
    vi.resetModules();
    document.documentElement.lang = 'fr';
  });

  it('starts i18next in a task of its own, not while the modules that import it evaluate', async () => {
    // The entry's module evaluation is the longest task of every load (issue 17): i18next's start
    // must not add to it. A fresh copy of the module, over an i18next that records its start.
    const { init } = mockI18next();
    const fresh = await import('./i18n');
    expect(init).not.toHaveBeenCalled();

    await fresh.i18nReady;
    expect(init).toHaveBeenCalledTimes(1);
    // The shell's French is given at the start: no fetch before the first screen.
    const [options] = init.mock.calls[0]!;
    expect(Object.keys(options.resources.fr).sort()).toEqual(['common', 'errors', 'texts']);
    // Their keys together in the one namespace t() reads.
    expect(options.resources.fr.texts).toMatchObject({ 'common.close': 'Fermer' });
    expect(options.lng).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
  });

  it('leaves the root’s lang alone when it already names the language, and changes it when not', async () => {
    // Setting it at all, even to the same value, restyles the whole page: once per load for nothing.
    const { languageListeners } = mockI18next();
    document.documentElement.lang = 'fr';
    const changes: MutationRecord[] = [];
    const observer = new MutationObserver((records) => changes.push(...records));
    observer.observe(document.documentElement, { attributeFilter: ['lang'] });
    const fresh = await import('./i18n');
    await fresh.i18nReady;
    await Promise.resolve();
    expect(changes.splice(0)).toEqual([]);

    languageListeners.forEach((listener) => listener('en'));
    await Promise.resolve();
    expect(document.documentElement.lang).toBe('en');
    expect(changes.splice(0)).toHaveLength(1);
    observer.disconnect();
  });
});
