import { describe, expect, it } from 'vitest';
import { planFirstScreenChunks, type PlannedChunk } from './first-screen-chunks';

/** A chunk of the planning pass: `modules` held, `imports` loaded before it runs. */
const chunk = (
  fileName: string,
  modules: string[],
  imports: string[] = [],
  extra: Partial<PlannedChunk> = {},
): PlannedChunk => ({
  fileName,
  isEntry: false,
  facadeModuleId: null,
  moduleIds: modules,
  imports,
  ...extra,
});

const SCREENS = new Map([
  ['/app/home.tsx', 'home'],
  ['/app/annonce.tsx', 'annonce'],
]);

describe('the first screens’ chunk plan', () => {
  // The entry brings React; home and announcement share cards; the announcement has its dialogs;
  // the profile (not a first screen) shares the dialogs and an icon with the announcement.
  const chunks = [
    chunk('main.js', ['/app/main.tsx', '\0rolldown/runtime'], ['react.js'], {
      isEntry: true,
      facadeModuleId: '/app/index.html',
    }),
    chunk('react.js', ['/node_modules/react/index.js']),
    chunk('home.js', ['/app/home.tsx'], ['react.js', 'card.js'], {
      facadeModuleId: '/app/home.tsx',
    }),
    chunk('annonce.js', ['/app/annonce.tsx'], ['card.js', 'dialog.js', 'eye.js', 'react.js'], {
      facadeModuleId: '/app/annonce.tsx',
    }),
    chunk('card.js', ['/app/card.tsx', '/app/photo.tsx'], ['react.js']),
    chunk('dialog.js', ['/node_modules/radix/dialog.js', '\0vite/preload-helper'], ['eye.js']),
    chunk('eye.js', ['/node_modules/lucide/eye.js']),
    chunk('profile.js', ['/app/profile.tsx'], ['dialog.js', 'eye.js'], {
      facadeModuleId: '/app/profile.tsx',
    }),
    // The back office shares the dialog: it will import the announcement's chunk for it.
    chunk('admin.js', ['/app/admin.tsx'], ['react.js', 'dialog.js'], {
      isEntry: true,
      facadeModuleId: '/app/admin.html',
    }),
  ];

  it('puts what a screen loads in one chunk per set of screens, never the entry’s or the screen’s own module', () => {
    expect(Object.fromEntries(planFirstScreenChunks(chunks, '/app/index.html', SCREENS))).toEqual({
      '/app/card.tsx': 'screen-annonce-home',
      '/app/photo.tsx': 'screen-annonce-home',
      '/node_modules/radix/dialog.js': 'screen-annonce',
      '/node_modules/lucide/eye.js': 'screen-annonce',
    });
  });

  it('plans nothing outside the first screens’ own files', () => {
    const plan = planFirstScreenChunks(chunks, '/app/index.html', SCREENS);
    for (const outside of ['/app/main.tsx', '/node_modules/react/index.js', '/app/profile.tsx']) {
      expect(plan.has(outside), outside).toBe(false);
    }
  });

  it('fails loudly when the page or a first screen is no longer what the plan expects', () => {
    expect(() => planFirstScreenChunks(chunks, '/app/gone.html', SCREENS)).toThrow(
      /gone.html is not an entry/,
    );
    expect(() =>
      planFirstScreenChunks(chunks, '/app/index.html', new Map([['/app/gone.tsx', 'gone']])),
    ).toThrow(/gone.tsx is not a lazy part/);
  });
});
