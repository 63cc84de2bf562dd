import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstLoadPlugin, SHELL_SCREENS } from './build/first-load';
import { firstScreenChunks, isPlanningPass } from './build/first-screen-chunks';

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

/**
 * React Router's package exports only its development build, to every bundler (its issue 14102):
 * its extra checks and warnings ran on every phone. The production build takes its production
 * files, which its package ships beside them; the development server keeps the warnings.
 */
function reactRouterProductionBuild(): string {
  const development = fileURLToPath(import.meta.resolve('react-router'));
  const production = development.replace(
    `${path.sep}development${path.sep}`,
    `${path.sep}production${path.sep}`,
  );
  if (production === development) throw new Error(`unexpected react-router entry: ${development}`);
  return production;
}

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    tailwindcss(),
    // The planning pass of first-screen-chunks.ts is the bundler's own split, written nowhere.
    ...(isPlanningPass()
      ? []
      : [firstScreenChunks('index.html', SHELL_SCREENS), firstLoadPlugin()]),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: path.resolve(import.meta.dirname, 'src') },
      ...(command === 'build'
        ? [{ find: /^react-router$/, replacement: reactRouterProductionBuild() }]
        : []),
    ],
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // dist/.vite/manifest.json: which files each entry and screen loads, for the service worker's
    // shell and the size budgets (e2e/specs/first-load.spec.ts).
    manifest: true,
    // Two pages: the public app, and the back office served at /admin/ (issue 6).
    rollupOptions: {
      input: {
        main: path.resolve(import.meta.dirname, 'index.html'),
        admin: path.resolve(import.meta.dirname, 'admin.html'),
      },
    },
  },
  // The answer check worker (src/app/answer-check.worker.ts) fetches each schema's code when
  // first needed: a module worker, split like the app.
  worker: { format: 'es' },
  server: {
    port: 5173,
    proxy: {
      // The app lives at "/" behind a hash router, so every other path is the API: proxy all of
      // them except Vite's own (modules, HMR, assets) instead of listing each API area here.
      '^/(?!$|\\?|@|src/|node_modules/|assets/|favicon\\.svg|index\\.html|admin\\.html|sw\\.js|offline\\.html|manifest\\.webmanifest|icons/)':
        {
          target: apiTarget,
          changeOrigin: false,
        },
    },
  },
}));
