import { EARLY_SEARCH_GLOBAL, type EarlySearchRequest } from './early-search-boot';

/**
 * How long the request index.html's script sent waits for the search: the app's own code may take
 * several seconds to arrive on a slow network, and asking again then would cost that phone the
 * same answer twice; past this, the visitor went elsewhere first.
 */
const BOOT_REQUEST_LIFETIME_MS = 60_000;

/**
 * The answer index.html's script asked for the search before the app ran
 * (api/early-search-boot.ts), taken once, by the app's first search: when that one sends the same
 * body (the address without criteria, no position yet). Any other first search leaves it, and
 * later searches ask afresh.
 */
export function takeEarlySearch(body: string): Promise<Response | null> | undefined {
  const page = window as unknown as Record<string, EarlySearchRequest | undefined>;
  const booted = page[EARLY_SEARCH_GLOBAL];
  page[EARLY_SEARCH_GLOBAL] = undefined;
  if (!booted || booted.body !== body) return undefined;
  return Date.now() - booted.at < BOOT_REQUEST_LIFETIME_MS ? booted.response : undefined;
}
