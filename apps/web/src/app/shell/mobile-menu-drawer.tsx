import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Bug, Download, LifeBuoy, LogOut, Plus, X, type LucideIcon } from 'lucide-react';
import { useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { HomeScreenSteps } from '@/components/layouts/home-screen-steps';
import { Button, buttonClasses } from '@/components/ui/button';
import { LanguageSwitch } from '@/components/ui/language-switch';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { homeScreenNeededForAlerts, installApp, useInstallOffer } from '@/lib/app-install';
import { cn } from '@/lib/cn';
import { openGlobalDialog } from '@/lib/dialogs';
import type { CurrentUser } from '@/lib/session';
import { MOBILE_MENU_ID } from './mobile-menu';
import { ACCOUNT_NAV, MAIN_NAV, visibleNavItems, type NavItem } from './nav-items';

const rowClasses =
  'flex min-h-12 items-center gap-3 rounded-lg px-3 text-base font-medium text-night-100 transition-colors hover:bg-white/10 hover:text-white';

/** A row of the drawer that acts rather than navigates (a form, the install prompt). */
function DrawerButton({
  icon: Icon,
  label,
  onClick,
}: {
  icon: LucideIcon;
  label: string;
  onClick: () => void;
}) {
  return (
    <li>
      <button type="button" className={cn(rowClasses, 'w-full')} onClick={onClick}>
        <Icon aria-hidden="true" className="size-5 shrink-0" />
        {label}
      </button>
    </li>
  );
}

function DrawerLink({ item }: { item: NavItem }) {
  const { t } = useTranslation();
  const Icon = item.icon;
  return (
    <li>
      <NavLink
        to={item.to}
        end={item.end}
        className={({ isActive }) =>
          cn(
            rowClasses,
            isActive && 'bg-lantern-500 text-night-900 hover:bg-lantern-400 hover:text-night-900',
          )
        }
      >
        <Icon aria-hidden="true" className="size-5 shrink-0" />
        {t(item.labelKey)}
      </NavLink>
    </li>
  );
}

/**
 * The mobile side menu's drawer (docs/product/accounts.md §2): the create button, every section
 * with the active one highlighted, and logout. Radix traps the focus and closes it on Escape; the
 * focus then goes back to the menu button. Loaded when the button is first approached (mobile-menu).
 */
export function MobileMenuDrawer({
  open,
  onOpenChange,
  trigger,
  user,
  showCreateButton,
  onLogout,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The menu button, which lives outside the drawer's code. */
  trigger: RefObject<HTMLButtonElement | null>;
  user: CurrentUser;
  showCreateButton: boolean;
  onLogout: () => void;
}) {
  const { t } = useTranslation();
  // The browser offered to install the app (beforeinstallprompt): issue 17.
  const canInstall = useInstallOffer();
  // An iPhone's browser never offers it: the entry shows the way instead.
  const [homeScreenStepsShown, setHomeScreenStepsShown] = useState(false);
  const setOpen = onOpenChange;

  function openDialog(dialog: 'support' | 'bugReport') {
    setOpen(false);
    openGlobalDialog(dialog);
  }

  return (
    <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="animate-fade-in fixed inset-0 z-50 bg-night-950/70 md:hidden" />
        <DialogPrimitive.Content
          id={MOBILE_MENU_ID}
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            trigger.current?.focus();
          }}
          className="animate-drawer-in fixed inset-y-0 left-0 z-50 flex w-[min(20rem,88vw)] flex-col bg-night-900 text-white shadow-2xl md:hidden"
        >
          <div className="flex items-center justify-between border-b border-white/10 px-4 py-2">
            <DialogPrimitive.Title asChild>
              <h2>
                <span className="sr-only">{t('nav.menu.title')}</span>
                <Logo />
              </h2>
            </DialogPrimitive.Title>
            <DialogPrimitive.Close asChild>
              <Button variant="onDark" size="icon" aria-label={t('nav.menu.close')}>
                <X aria-hidden="true" className="size-6" />
              </Button>
            </DialogPrimitive.Close>
          </div>
          <div className="flex-1 overflow-y-auto px-3 py-4">
            {showCreateButton ? (
              <Link
                to={paths.annonceCreate.getHref()}
                className={buttonClasses({ variant: 'primary', className: 'mb-4 w-full' })}
              >
                <Plus aria-hidden="true" className="size-5" />
                {t('annonce.create.button')}
              </Link>
            ) : null}
            <nav aria-label={t('nav.main.label')}>
              <ul className="space-y-1">
                {visibleNavItems(MAIN_NAV, user.roles).map((item) => (
                  <DrawerLink key={item.to} item={item} />
                ))}
              </ul>
            </nav>
            <hr className="my-4 border-white/10" />
            <nav aria-label={t('nav.account.label')}>
              <ul className="space-y-1">
                {visibleNavItems(ACCOUNT_NAV, user.roles).map((item) => (
                  <DrawerLink key={item.to} item={item} />
                ))}
                <DrawerButton
                  icon={LifeBuoy}
                  label={t('account.menu.support')}
                  onClick={() => openDialog('support')}
                />
                <DrawerButton
                  icon={Bug}
                  label={t('account.menu.reportBug')}
                  onClick={() => openDialog('bugReport')}
                />
                {canInstall ? (
                  <DrawerButton
                    icon={Download}
                    label={t('app.install')}
                    onClick={() => {
                      setOpen(false);
                      void installApp();
                    }}
                  />
                ) : homeScreenNeededForAlerts() ? (
                  <li>
                    <button
                      type="button"
                      aria-expanded={homeScreenStepsShown}
                      className={cn(rowClasses, 'w-full')}
                      onClick={() => setHomeScreenStepsShown((shown) => !shown)}
                    >
                      <Download aria-hidden="true" className="size-5 shrink-0" />
                      {t('app.install')}
                    </button>
                    {homeScreenStepsShown ? (
                      // The entry is the drawer's last: its steps open below what the phone shows.
                      <div ref={(steps) => steps?.scrollIntoView?.({ block: 'nearest' })}>
                        <HomeScreenSteps className="mx-3 mb-2" />
                      </div>
                    ) : null}
                  </li>
                ) : null}
              </ul>
            </nav>
          </div>
          <div className="flex items-center justify-between gap-3 border-t border-white/10 px-4 py-3">
            <LanguageSwitch tone="onDark" />
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                onLogout();
              }}
              className="inline-flex min-h-11 items-center gap-2 rounded-lg px-3 font-medium text-night-100 hover:bg-white/10 hover:text-white"
            >
              <LogOut aria-hidden="true" className="size-5" />
              {t('account.menu.logout')}
            </button>
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
