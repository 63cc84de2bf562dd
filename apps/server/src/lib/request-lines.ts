import os from 'node:os';
import pino from 'pino';

/** Where the lines go: the app's log destination, so that they keep their order with its lines. */
export interface LineSink {
  write(line: string): unknown;
}

export type RequestLineLevel = 'info' | 'debug';

/** What one request's line says besides its level and time. */
export interface RequestLineFields {
  reqId: string;
  method: string;
  url: string;
  statusCode: number;
  responseTime: number;
}

/** A JSON value for a number: a non-finite one would make the line unreadable. */
function jsonNumber(value: number): number | null {
  return Number.isFinite(value) ? value : null;
}

/**
 * The one line each request leaves (RequestLogController), written by hand as one string: the
 * same JSON line, fields and order as pino writes for `{ reqId, method, url, statusCode,
 * responseTime }` with the message "request" (pino's level number, time, pid and hostname first).
 * Building it through pino (an object, then its serialiser walking it) cost the cheapest
 * endpoints about a fifth of their time (bench/results/http-2026-11-25.md). The level the
 * operator chose (LOG_LEVEL) decides which lines are written, as it does for pino's.
 */
export class RequestLines {
  readonly #sink: LineSink;
  readonly #threshold: number;
  /** `,"pid":…,"hostname":…`: pino's default bindings, fixed for the process's life. */
  readonly #bindings = `,"pid":${process.pid},"hostname":${JSON.stringify(os.hostname())}`;

  constructor(sink: LineSink, level: string) {
    this.#sink = sink;
    this.#threshold = level === 'silent' ? Infinity : (pino.levels.values[level] ?? 30);
  }

  write(level: RequestLineLevel, fields: RequestLineFields): void {
    const number = pino.levels.values[level]!;
    if (number < this.#threshold) return;
    this.#sink.write(
      `{"level":${number},"time":${Date.now()}${this.#bindings}` +
        `,"reqId":${JSON.stringify(fields.reqId)},"method":${JSON.stringify(fields.method)}` +
        `,"url":${JSON.stringify(fields.url)},"statusCode":${jsonNumber(fields.statusCode)}` +
        `,"responseTime":${jsonNumber(fields.responseTime)},"msg":"request"}\n`,
    );
  }
}
