/**
 * `npm run build -w @app/server`: compiles the server, with packages/domain inlined, into dist/ as
 * plain JavaScript, so production runs `node dist/main.js` with no TypeScript compiler at run time.
 * Other packages stay imports resolved from node_modules (native ones like sharp cannot be bundled).
 */
import fs from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

const serverDir = path.resolve(import.meta.dirname, '..');
const outdir = path.join(serverDir, 'dist');

/** Bare imports are left to node_modules, except the workspace's own TypeScript packages. */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@app/') ? undefined : { path: args.path, external: true },
    );
  },
};

fs.rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: serverDir,
  entryPoints: {
    main: 'src/main.ts',
    migrate: 'src/cli/migrate.cli.ts',
    'create-admin': 'src/cli/create-admin.cli.ts',
    'import-police-stations': 'src/seed/police-stations/import-police-stations.cli.ts',
    // Started as a thread by push-sender.ts, found beside the bundle by that name.
    'push-sender-worker': 'src/modules/notifications/push-sender.worker.ts',
  },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node24',
  sourcemap: true,
  plugins: [externalPackages],
  logLevel: 'warning',
});
process.stdout.write(`server compiled into ${path.relative(process.cwd(), outdir) || '.'}\n`);
