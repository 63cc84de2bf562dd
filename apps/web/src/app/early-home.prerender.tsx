import { paths } from '@/config/paths';
import { renderEarlyMemberScreen } from './early-screen.prerender';
import { HOME_HANDLE, loadHome } from './router';

/** The early home (lib/early-screen.ts): the frame and the home's loading rows. */
export function renderEarlyScreen() {
  return renderEarlyMemberScreen({
    path: paths.home.path,
    href: paths.home.getHref(),
    handle: HOME_HANDLE,
    load: loadHome,
  });
}
