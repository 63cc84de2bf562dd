import { EARLY_ANNONCE_GLOBAL, type EarlyAnnonceRequest } from './early-annonce-boot';

/**
 * How long the request index.html's script sent waits for the page: the app's own code may take
 * several seconds to arrive on a slow network, and asking again then would cost that phone the
 * same answer twice; past this, the visitor went elsewhere first.
 */
const BOOT_REQUEST_LIFETIME_MS = 60_000;

/**
 * The answer index.html's script asked for this announcement before the app ran
 * (api/early-annonce-boot.ts), taken once, by the first announcement the app asks for: the next
 * visit of the page asks afresh.
 */
export function takeEarlyAnnonce(annonceId: number): Promise<Response | null> | undefined {
  const page = window as unknown as Record<string, EarlyAnnonceRequest | undefined>;
  const booted = page[EARLY_ANNONCE_GLOBAL];
  page[EARLY_ANNONCE_GLOBAL] = undefined;
  // Another announcement first: the visitor went elsewhere before the app asked for this one.
  if (!booted || booted.annonceId !== annonceId) return undefined;
  return Date.now() - booted.at < BOOT_REQUEST_LIFETIME_MS ? booted.response : undefined;
}
