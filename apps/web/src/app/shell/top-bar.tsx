import { Plus } from 'lucide-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { EnvironmentBadge } from '@/components/layouts/environment-badge';
import { OfflineNotice } from '@/components/layouts/offline-notice';
import { buttonClasses } from '@/components/ui/button';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { useHomeInfos } from '@/features/accounts/api/get-home-infos';
import { FilterButtons } from '@/features/discovery/components/filter-buttons';
import { SearchBox } from '@/features/discovery/components/search-box';
import { cn } from '@/lib/cn';
import { useFirstContentShown } from '@/lib/first-screen';
import { withTexts } from '@/lib/i18n';
import { lazyAfterRender } from '@/lib/lazy-after-render';
import type { CurrentUser } from '@/lib/session';
import { MobileMenu } from './mobile-menu';
import { MAIN_NAV, visibleNavItems } from './nav-items';

// The bell and the account menu (their drop-down menus, the notification list and its live stream)
// come once the first screen's content shows, not beside it: on a slow network their code and
// requests held the content back (issue 17). Their buttons hold their place meanwhile, so nothing
// moves.
const NotificationBell = lazyAfterRender(async () => ({
  default: (
    await withTexts(
      ['notifications'],
      () => import('@/features/notifications/components/notification-bell'),
    )
  ).NotificationBell,
}));
const NotificationPreferencesDialog = lazyAfterRender(async () => ({
  default: (
    await withTexts(
      ['permissions', 'notifications'],
      () => import('@/features/permissions/components/notification-preferences-dialog'),
    )
  ).NotificationPreferencesDialog,
}));
const AccountMenu = lazyAfterRender(async () => ({
  default: (await withTexts([], () => import('./account-menu'))).AccountMenu,
}));

/**
 * The signed-in header (docs/product/accounts.md §2). Mobile: menu button, logo, bell, account, then the search
 * row. From 768 px: logo, search, create button, bell, account, and the sections inline below.
 *
 * The parts that wait for something (the home information, the first content) are components of
 * their own: when it comes, they alone are drawn again. The whole header with its menu and logo was
 * drawn again each time, in renders React cannot split (a query's answer is a synchronous render),
 * on the first load of every signed-in screen (issue 17).
 */
export function TopBar({
  user,
  showFilters,
  showCreateButton,
  onLogout,
}: {
  user: CurrentUser;
  showFilters: boolean;
  showCreateButton: boolean;
  onLogout: () => void;
}) {
  const { t } = useTranslation();

  return (
    <header className="sticky top-0 z-40 bg-night-900 text-white shadow-md">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-0.5 px-1.5 pt-1 pb-2 md:flex-nowrap md:gap-3 md:px-4 md:py-2">
        <MobileMenu user={user} showCreateButton={showCreateButton} onLogout={onLogout} />
        <Link
          to={paths.home.getHref()}
          aria-label={t('nav.homeLink')}
          className="flex min-h-11 shrink-0 items-center rounded-lg px-1"
        >
          <Logo compact />
        </Link>
        <EnvironmentBadge />
        {/* One search box: its own row on mobile, between the logo and the actions on desktop. */}
        <div className="order-last flex w-full justify-center px-1 pt-1 md:order-none md:w-auto md:flex-1 md:px-4 md:pt-0">
          <HeaderSearchBox />
        </div>
        <div className="ml-auto flex items-center gap-0.5 md:ml-0 md:gap-2">
          {showCreateButton ? (
            <Link
              to={paths.annonceCreate.getHref()}
              aria-label={t('annonce.create.button')}
              className={buttonClasses({
                variant: 'primary',
                size: 'icon',
                className: 'md:w-auto md:gap-2 md:px-4 md:text-sm',
              })}
            >
              <Plus aria-hidden="true" className="size-5" />
              <span className="hidden md:inline">{t('annonce.create.button')}</span>
            </Link>
          ) : null}
          <HeaderSecondaryParts user={user} onLogout={onLogout} />
        </div>
      </div>
      <nav aria-label={t('nav.main.label')} className="hidden border-t border-white/10 md:block">
        <ul className="mx-auto flex max-w-6xl gap-1 overflow-x-auto px-4">
          {visibleNavItems(MAIN_NAV, user.roles).map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end={item.end}
                className={({ isActive }) =>
                  cn(
                    'inline-flex h-11 items-center border-b-2 px-3 text-sm font-medium whitespace-nowrap transition-colors',
                    isActive
                      ? 'border-lantern-500 text-white'
                      : 'border-transparent text-night-200 hover:text-white',
                  )
                }
              >
                {t(item.labelKey)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {showFilters ? (
        <div className="border-t border-night-100 bg-night-50 text-night-900">
          <div className="mx-auto max-w-6xl px-3 py-2 md:px-4">
            <HeaderFilterButtons />
          </div>
        </div>
      ) : null}
      {/* In the sticky header: seen wherever the page is scrolled when the network goes. */}
      <OfflineNotice />
    </header>
  );
}

/** Unknown (not answered yet, or failed) counts as "nothing to submit": never lock the search by mistake. */
function useIdentityPending(): boolean {
  return useHomeInfos().data?.identityNotSubmitted === true;
}

function HeaderSearchBox() {
  return <SearchBox disabled={useIdentityPending()} className="md:max-w-xl" />;
}

function HeaderFilterButtons() {
  return <FilterButtons disabled={useIdentityPending()} />;
}

/** The bell and the account menu once the first content shows; their places meanwhile. */
function HeaderSecondaryParts({ user, onLogout }: { user: CurrentUser; onLogout: () => void }) {
  const bellPlace = <span aria-hidden="true" className="size-11 shrink-0" />;
  const accountPlace = <span aria-hidden="true" className="h-11 w-10 shrink-0 md:w-16" />;
  const shown = useFirstContentShown();
  if (!shown) {
    return (
      <>
        {bellPlace}
        {accountPlace}
      </>
    );
  }
  return (
    <>
      <Suspense fallback={bellPlace}>
        <NotificationBell
          renderParameters={(props) => (
            <Suspense fallback={null}>
              <NotificationPreferencesDialog {...props} />
            </Suspense>
          )}
        />
      </Suspense>
      <Suspense fallback={accountPlace}>
        <AccountMenu user={user} onLogout={onLogout} />
      </Suspense>
    </>
  );
}
