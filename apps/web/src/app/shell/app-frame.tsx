import type { ReactNode } from 'react';
import { Footer } from '@/components/layouts/footer';
import { OfflineNotice } from '@/components/layouts/offline-notice';
import { MAIN_CONTENT_ID, SkipLink } from '@/components/layouts/skip-link';
import type { CurrentUser } from '@/lib/session';
import type { RouteHandle } from '../route-handle';
import { GuestHeader } from './guest-header';
import { TopBar } from './top-bar';

/**
 * What every screen is drawn in: skip link, header, main, footer. Apart from the root layout so
 * that the build can draw the very same frame around the early screens (early-screen.prerender.tsx),
 * where nobody is signed in yet to read the user from.
 */
export function AppFrame({
  user,
  handle,
  onLogout,
  children,
  after,
}: {
  user: CurrentUser | null;
  handle: RouteHandle;
  onLogout: () => void;
  /** The screen, in <main>. */
  children: ReactNode;
  /** What stands outside the frame's flow: dialogs, prompts. */
  after?: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      {handle.hideHeader ? null : user ? (
        <TopBar
          user={user}
          showFilters={Boolean(handle.showFilters)}
          showCreateButton={!handle.isEditor}
          onLogout={onLogout}
        />
      ) : (
        <GuestHeader />
      )}
      {/* The signed-in header carries its own, in its sticky part. */}
      {user && !handle.hideHeader ? null : <OfflineNotice />}
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex flex-1 flex-col outline-none">
        {children}
      </main>
      {handle.isEditor ? null : <Footer signedIn={Boolean(user)} />}
      {after}
    </div>
  );
}
