/**
 * A push subscription's endpoint is where the server will POST each message: a signed-in person
 * chooses it. Only the browsers' own push services are kept and sent to, never an address of the
 * server's own network (a subscription to https://10.0.0.5/admin would have the server post
 * there, as often as notifications come).
 */
const PUSH_SERVICE_HOSTS = new Set([
  // Chrome, and the browsers built on it (Edge on Android, Opera, Samsung Internet, Brave).
  'fcm.googleapis.com',
  // Firefox.
  'updates.push.services.mozilla.com',
  // Safari (macOS 13, iOS 16.4 and later).
  'web.push.apple.com',
]);
/** Services that hand out a host per region or device: Edge on Windows, Apple's. */
const PUSH_SERVICE_HOST_SUFFIXES = ['.notify.windows.com', '.push.apple.com'];

/**
 * True for an https endpoint of a browser's push service on its default port, or of one of
 * `extraOrigins` (the operator's PUSH_SERVICE_EXTRA_ORIGINS: a test's or bench's stand-in).
 */
export function isPushServiceEndpoint(
  endpoint: string,
  extraOrigins: readonly string[] = [],
): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return false;
  if (extraOrigins.includes(url.origin)) return true;
  if (url.port !== '') return false;
  const host = url.hostname.toLowerCase();
  return (
    PUSH_SERVICE_HOSTS.has(host) ||
    PUSH_SERVICE_HOST_SUFFIXES.some((suffix) => host.endsWith(suffix))
  );
}
