import { paths } from '@/config/paths';
import { renderEarlyMemberScreen } from './early-screen.prerender';
import { ANNONCE_SHOW_HANDLE, loadAnnonceShow } from './router';

/**
 * The early announcement (lib/early-screen.ts): the frame and an announcement's loading state,
 * the same for every announcement (drawn for one whose answer has not come).
 */
export function renderEarlyScreen() {
  return renderEarlyMemberScreen({
    path: paths.annonceShow.path,
    href: paths.annonceShow.getHref(1),
    handle: ANNONCE_SHOW_HANDLE,
    load: loadAnnonceShow,
  });
}
