/**
 * A form-encoded body as the API client sends it (lib/api-client.ts): apart from the client so
 * that a boot script's configuration, written at build in Node, holds the very body the app will
 * send (features/discovery/api/early-search-boot.ts). A plain module: nothing of the app loads.
 */

export type FormValue = string | number | boolean | null | undefined | readonly (string | number)[];

/** Absent values (undefined, null) are left out; a list sends its field once per item. */
export function formBody(form: Record<string, FormValue>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(form)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.set(key, String(value));
  }
  return params;
}
