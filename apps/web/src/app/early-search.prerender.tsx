import { paths } from '@/config/paths';
import { renderEarlyMemberScreen } from './early-screen.prerender';
import { loadSearch, SEARCH_HANDLE } from './router';

/** The early search (lib/early-screen.ts): the frame and the search's loading cards. */
export function renderEarlyScreen() {
  return renderEarlyMemberScreen({
    path: paths.search.path,
    href: paths.search.getHref(),
    handle: SEARCH_HANDLE,
    load: loadSearch,
  });
}
