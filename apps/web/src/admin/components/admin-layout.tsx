import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Button } from '@/components/ui/button';
import { LanguageSwitch } from '@/components/ui/language-switch';
import { MAIN_CONTENT_ID, SkipLink } from '@/components/layouts/skip-link';
import { cn } from '@/lib/cn';
import { adminLogout } from '../admin-api';
import { useAdminSession } from '../session';

const NAV = [
  ['/', 'admin.nav.dashboard'],
  ['/annonces', 'admin.nav.annonces'],
  ['/identities', 'admin.nav.identities'],
  ['/matches', 'admin.nav.matches'],
  ['/deletions', 'admin.nav.deletions'],
  ['/catalog', 'admin.nav.catalog'],
  ['/users', 'admin.nav.users'],
  ['/feedback', 'admin.nav.feedback'],
  ['/broadcast', 'admin.nav.broadcast'],
  ['/audit', 'admin.nav.audit'],
] as const;

/** Desktop-oriented: a side navigation from 768 px, a scrolling bar of links on a phone. */
export function AdminLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const session = useAdminSession();
  const queryClient = useQueryClient();
  return (
    <div className="min-h-dvh md:flex">
      <SkipLink />
      <header className="bg-night-900 text-white md:flex md:min-h-dvh md:w-60 md:shrink-0 md:flex-col">
        <div className="flex items-center justify-between gap-2 px-4 py-3">
          <p className="font-semibold">{t('admin.title')}</p>
          <LanguageSwitch tone="onDark" />
        </div>
        <nav aria-label={t('admin.nav.label')} className="overflow-x-auto">
          <ul className="flex gap-1 px-2 pb-2 md:flex-col">
            {NAV.map(([to, key]) => (
              <li key={to}>
                <NavLink
                  to={to}
                  end={to === '/'}
                  className={({ isActive }) =>
                    cn(
                      'block rounded-lg px-3 py-2 text-sm whitespace-nowrap hover:bg-white/10',
                      isActive && 'bg-white/15 font-semibold',
                    )
                  }
                >
                  {t(key)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-auto hidden px-4 py-3 text-xs text-night-200 md:block">
          <p className="truncate">{session?.username}</p>
        </div>
        <div className="px-2 pb-3">
          <Button
            variant="onDark"
            size="sm"
            onClick={() => {
              queryClient.clear();
              void adminLogout();
            }}
          >
            {t('admin.logout')}
          </Button>
        </div>
      </header>
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="mx-auto w-full max-w-6xl flex-1 p-4 focus:outline-none md:p-8"
      >
        {children}
      </main>
    </div>
  );
}
