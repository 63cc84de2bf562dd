import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/**
 * The camera scan's OCR files (tesseract.js worker, its WebAssembly core, the English trained
 * data), served from the installed packages under /ocr/, so the scan never calls an outside host.
 * They are the web app's dependencies; only the files below are served, nothing else of
 * node_modules.
 */
export const OCR_PREFIX = '/ocr';

const CORE_FILES = [
  'tesseract-core.wasm.js',
  'tesseract-core-simd.wasm.js',
  'tesseract-core-lstm.wasm.js',
  'tesseract-core-simd-lstm.wasm.js',
  'tesseract-core-relaxedsimd.wasm.js',
  'tesseract-core-relaxedsimd-lstm.wasm.js',
];

/**
 * The worker runs with its own policy (a worker loaded from a URL takes the CSP of its response):
 * it may compile WebAssembly, load the core from here and fetch the trained data from here.
 */
const WORKER_CSP =
  "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; worker-src 'self'";

/**
 * The trained data is already gzip bytes that the worker inflates itself: typed as such, the
 * response compression leaves it alone. Typed as octet-stream, @fastify/compress labelled it
 * "Content-Encoding: br" while passing the gzip bytes through unchanged, so the browser failed to
 * decode it and the camera never read anything.
 */
function contentTypeOf(file: string): string {
  if (file.endsWith('.js')) return 'text/javascript; charset=utf-8';
  if (file.endsWith('.gz')) return 'application/gzip';
  return 'application/octet-stream';
}

function resolveFrom(bases: readonly string[], request: string): string | null {
  for (const base of bases) {
    try {
      return createRequire(base).resolve(request);
    } catch {
      // try the next base
    }
  }
  return null;
}

/** File name → absolute path, for the files found on this install. */
export function locateOcrFiles(webDir: string): Map<string, string> {
  const bases = [path.join(webDir, 'package.json'), import.meta.filename];
  const files = new Map<string, string>();
  const tesseract = resolveFrom(bases, 'tesseract.js');
  if (tesseract) {
    // src/index.js → the package folder.
    const root = path.resolve(path.dirname(tesseract), '..');
    files.set('worker.min.js', path.join(root, 'dist', 'worker.min.js'));
    const core = resolveFrom([tesseract, ...bases], 'tesseract.js-core');
    if (core) {
      for (const name of CORE_FILES) files.set(name, path.join(path.dirname(core), name));
    }
  }
  const eng = resolveFrom(bases, '@tesseract.js-data/eng');
  if (eng) {
    // The integer "best" LSTM model: small (3 MB) and what the LSTM-only core reads.
    files.set(
      'eng.traineddata.gz',
      path.join(path.dirname(eng), '4.0.0_best_int', 'eng.traineddata.gz'),
    );
  }
  for (const [name, file] of files) if (!fs.existsSync(file)) files.delete(name);
  return files;
}

export function registerOcrAssets(app: FastifyInstance, webDir: string) {
  const files = locateOcrFiles(webDir);
  app.get<{ Params: { name: string } }>(
    `${OCR_PREFIX}/:name`,
    { config: { public: true }, schema: { hide: true } },
    async (request, reply) => {
      const file = files.get(request.params.name);
      if (!file)
        return reply.code(404).send({ code: 'ROUTE_NOT_FOUND', messageKey: 'resource.not.found' });
      reply
        .type(contentTypeOf(file))
        // The files change only with the package versions; a day is plenty for a phone.
        .header('Cache-Control', 'public, max-age=86400')
        .header('Cross-Origin-Resource-Policy', 'same-origin');
      if (request.params.name === 'worker.min.js')
        reply.header('Content-Security-Policy', WORKER_CSP);
      return reply.send(fs.createReadStream(file));
    },
  );
}
