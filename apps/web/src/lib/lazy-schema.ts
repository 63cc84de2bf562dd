import type { z } from 'zod';
import { afterFirstScreenIdle } from './first-screen';

/**
 * An answer's schema whose code (zod, ≈ 22 KiB br, and the schema) is not part of the first load
 * (issue 17). Its fetch starts with the first call that needs it (the API client asks for it when
 * it sends the request, so both travel together), or once the first screen is shown and the main
 * thread idle, whichever comes first: zod is never compiled while the first screen is being made.
 * The API client waits for it before it hands any answer over, so no answer reaches a screen
 * unchecked.
 */
export type SchemaLoader<T> = () => Promise<z.ZodType<T>>;

export function lazySchema<T>(load: () => Promise<z.ZodType<T>>): SchemaLoader<T> {
  let loading: Promise<z.ZodType<T>> | null = null;
  const schema = () => {
    loading ??= load().catch((error: unknown) => {
      // Offline before it was ever fetched: the next answer tries again.
      loading = null;
      throw error;
    });
    return loading;
  };
  // A failure here is reported by the call that needs the schema.
  void afterFirstScreenIdle()
    .then(schema)
    .catch(() => undefined);
  return schema;
}
