/**
 * Build-time settings, read once. Runtime settings (environment name, error-reporting DSN) come
 * from the server's GET /client-config so one build runs in every environment.
 */
export const env = {
  /** Origin of the API; empty means the same origin as the page (the server serves both). */
  API_URL: String(import.meta.env.VITE_API_URL ?? '').replace(/\/$/, ''),
};
