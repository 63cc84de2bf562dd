import { paths } from '@/config/paths';

const ANNONCE_ID = /^[1-9]\d{0,15}$/;

/**
 * The hash route of a deep link's parameters (docs/product/accounts.md §2): /annonce/show/N keeping the other
 * parameters, or / without a usable id.
 */
export function openAppRoute(params: URLSearchParams): string {
  const id = params.get('id');
  if (!id || !ANNONCE_ID.test(id)) return paths.home.getHref();
  const rest = new URLSearchParams(params);
  rest.delete('id');
  const search = rest.toString();
  return `${paths.annonceShow.getHref(id)}${search ? `?${search}` : ''}`;
}

/**
 * A deep link that reached the page as a real path ("/openapp?id=N#/", when no server redirect ran
 * first) becomes the hash route. Returns the URL to put in place of the current one, or null.
 */
export function rewriteDeepLink(url: URL): string | null {
  const match = /^(.*\/)openapp\/?$/.exec(url.pathname);
  if (!match) return null;
  return `${match[1]}#${openAppRoute(url.searchParams)}`;
}
