import { z } from 'zod';

/**
 * Build-time settings, parsed once. Runtime settings (environment name, error-reporting DSN) come
 * from the server's GET /client-config so one build runs in every environment.
 */
const EnvSchema = z.object({
  /** Origin of the API; empty means the same origin as the page (the server serves both). */
  API_URL: z
    .string()
    .default('')
    .transform((url) => url.replace(/\/$/, '')),
});

export const env = EnvSchema.parse({ API_URL: import.meta.env.VITE_API_URL });
