/** A form-encoded body, as the app's POST routes take it (the web app sends URLSearchParams). */
export function formBody(fields: Record<string, string | number>) {
  return new URLSearchParams(
    Object.entries(fields).map(([key, value]): [string, string] => [key, String(value)]),
  ).toString();
}
