import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyCompressOptions } from '@fastify/compress';

/**
 * How JSON answers are compressed for the clients that accept it (every browser does): the global
 * @fastify/compress hook (app.ts) and the answers kept compressed (prepared-answer.ts) share these.
 */

/** Answers smaller than this go out as they are: not worth the CPU. */
export const COMPRESSION_THRESHOLD = 1024;

/** In the server's order of preference. */
export const ANSWER_ENCODINGS = ['br', 'gzip'] as const;
export type AnswerEncoding = (typeof ANSWER_ENCODINGS)[number];

/**
 * Brotli at quality 1. Answers are compressed per request, and a phone's home (190 kB of JSON)
 * cost 2 ms of CPU at quality 4 against 0.45 ms at 1, a search page 240 µs against 55 µs: with
 * quality 4, a browser's search cost the server twice what its answer did, and a browser's home
 * ten times (bench/results/discovery-2026-11-28.md). Quality 1 writes 5 to 8 % more bytes (a
 * search page 2.3 kB instead of 2.2, a home 20 kB instead of 19): a few milliseconds on 4G.
 */
export const BROTLI_OPTIONS: zlib.BrotliOptions = {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 },
};

/**
 * Answers up to this size are compressed in one call on the event loop, larger ones through a
 * zlib stream. The plugin's default on two cores is 8 kB, which sent every search page (17 kB)
 * through a stream: its set-up (a zlib context, the thread pool, a pipeline and its abort signal)
 * cost more than compressing the page, and a browser's search half of its throughput. At quality
 * 1, a whole home (190 kB) takes under half a millisecond in one call.
 */
export const SYNC_COMPRESSION_MAX = 256 * 1024;

/** The encoding to answer this Accept-Encoding header with; null: as it is. */
export function answerEncoding(acceptEncoding: string | undefined): AnswerEncoding | null {
  if (!acceptEncoding) return null;
  return negotiate(acceptEncoding, [...ANSWER_ENCODINGS]);
}

export function compressAnswer(bytes: Buffer, encoding: AnswerEncoding): Buffer {
  return encoding === 'br' ? zlib.brotliCompressSync(bytes, BROTLI_OPTIONS) : zlib.gzipSync(bytes);
}

/** The global @fastify/compress hook's settings (app.ts). */
export const COMPRESS_PLUGIN_OPTIONS: FastifyCompressOptions = {
  global: true,
  encodings: [...ANSWER_ENCODINGS],
  threshold: COMPRESSION_THRESHOLD,
  syncThreshold: SYNC_COMPRESSION_MAX,
  brotliOptions: BROTLI_OPTIONS,
};
