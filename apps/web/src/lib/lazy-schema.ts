import type { z } from 'zod';

/**
 * An answer's schema whose code (zod, ≈ 22 KiB br, and the schema) is not part of the first load
 * (issue 17). Its fetch starts as soon as the module that declares it runs, beside the screen's
 * first render rather than before it; the API client waits for it before it hands any answer over,
 * so no answer reaches a screen unchecked.
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
  // Started at once; a failure here is reported by the call that needs the schema.
  schema().catch(() => undefined);
  return schema;
}
