import type { z } from 'zod';

/**
 * An answer's schema that the API client checks off the main thread (issue 17): in the answer
 * check worker (app/answer-check.worker.ts) when the browser has one, here otherwise. Declared
 * once, by the feature that calls: the key names it to the worker, which finds it in the same
 * declarations; `load` fetches the schema's code wherever the check runs. Nothing here may touch
 * the page: the worker imports these declarations too.
 */
export interface OffThreadSchema<T> {
  readonly offThreadKey: string;
  readonly load: () => Promise<z.ZodType<T>>;
}

export function offThreadSchema<T>(
  offThreadKey: string,
  load: () => Promise<z.ZodType<T>>,
): OffThreadSchema<T> {
  return { offThreadKey, load };
}

export function isOffThreadSchema(value: unknown): value is OffThreadSchema<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { offThreadKey?: unknown }).offThreadKey === 'string' &&
    typeof (value as { load?: unknown }).load === 'function'
  );
}

/** An answer's body as the API client reads it: nothing when empty, JSON when it says so. */
export function parseAnswerText(text: string, isJson: boolean): unknown {
  if (!text) return undefined;
  return isJson ? JSON.parse(text) : text;
}

/** What the page asks the worker: check `text` against the schema named `key`, or only fetch it. */
export type AnswerCheckRequest =
  { id: number; key: string; text: string; isJson: boolean } | { id?: undefined; key: string };

/** What the worker answers; only a checked answer or a mismatch is final, the rest is checked here. */
export type AnswerCheckReply =
  | { id: number; outcome: 'checked'; data: unknown }
  | { id: number; outcome: 'mismatch'; issues: unknown }
  | { id: number; outcome: 'unknown-key' | 'unavailable'; detail: string };
