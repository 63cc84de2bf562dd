import { INDIVIDUAL_ROLES, hasAnyRole } from '@app/domain';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import {
  BellRing,
  Bug,
  Check,
  ChevronDown,
  CircleUserRound,
  CreditCard,
  Download,
  Heart,
  LifeBuoy,
  LogOut,
  Plus,
  ScanSearch,
  ShieldCheck,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { paths } from '@/config/paths';
import { useCurrentUserData } from '@/features/accounts/api/get-current-user-data';
import { useManageStripeProfile } from '@/features/accounts/api/manage-stripe-profile';
import { installApp, useInstallOffer } from '@/lib/app-install';
import { openGlobalDialog } from '@/lib/dialogs';
import { LANGUAGE_OPTIONS, changeLanguage, isLanguage } from '@/lib/i18n';
import type { CurrentUser } from '@/lib/session';

/** Payment-portal failure toast: 4 s (docs/product/accounts.md §8). */
const STRIPE_ERROR_TOAST_MS = 4_000;

const itemClasses =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 text-sm text-night-900 outline-none select-none ' +
  'data-[highlighted]:bg-night-100 data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50 md:min-h-10';

function MenuItem({
  icon: Icon,
  children,
  onSelect,
}: {
  icon: LucideIcon;
  children: ReactNode;
  onSelect: () => void;
}) {
  return (
    <DropdownMenu.Item className={itemClasses} onSelect={onSelect}>
      <Icon aria-hidden="true" className="size-4 shrink-0 text-night-600" />
      {children}
    </DropdownMenu.Item>
  );
}

/** The account dropdown of the top bar, with the entries of docs/product/accounts.md §2. */
export function AccountMenu({ user, onLogout }: { user: CurrentUser; onLogout: () => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  // The browser offered to install the app (beforeinstallprompt): issue 17.
  const canInstall = useInstallOffer();
  const userData = useCurrentUserData();
  const portal = useManageStripeProfile({
    onSuccess: (url) => {
      window.open(url, '_blank', 'noopener,noreferrer');
    },
    onError: () => {
      toast.error(t('stripe.error'), { duration: STRIPE_ERROR_TOAST_MS });
    },
  });
  const individual = hasAnyRole(user.roles, INDIVIDUAL_ROLES);
  const hasPaymentCustomer = Boolean(userData.data?.stripeCustomerId);

  return (
    <DropdownMenu.Root>
      {/* The username stays outside the button: a button's accessible name must contain its visible
          text (WCAG 2.5.3), and "Menu du compte" is the name screen-reader users look for. */}
      <span className="hidden max-w-40 truncate text-sm font-medium text-white lg:inline">
        {user.username}
      </span>
      <DropdownMenu.Trigger
        aria-label={t('account.menu.open')}
        className="inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 text-white hover:bg-white/10 data-[state=open]:bg-white/10"
      >
        <CircleUserRound aria-hidden="true" className="size-6" />
        <ChevronDown aria-hidden="true" className="hidden size-4 md:block" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="animate-pop-in z-50 max-h-[var(--radix-dropdown-menu-content-available-height)] w-72 overflow-y-auto rounded-xl border border-night-100 bg-white p-1.5 shadow-xl"
        >
          <DropdownMenu.Label className="px-3 pt-2 pb-1">
            <span className="block text-xs text-slate-600">{t('account.menu.signedInAs')}</span>
            <span className="block truncate text-sm font-semibold text-night-900">
              {user.username}
            </span>
            {user.isImpersonating ? (
              <span className="mt-1 inline-block rounded bg-lantern-100 px-1.5 text-xs font-semibold text-lantern-800">
                {t('account.menu.impersonating')}
              </span>
            ) : null}
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-night-100" />
          <MenuItem icon={Plus} onSelect={() => void navigate(paths.annonceCreate.getHref())}>
            {t('account.menu.createAnnonce')}
          </MenuItem>
          <MenuItem icon={UserRound} onSelect={() => void navigate(paths.profileShow.getHref())}>
            {t('account.menu.myAccount')}
          </MenuItem>
          {individual ? (
            <>
              <MenuItem
                icon={ScanSearch}
                onSelect={() => void navigate(paths.verifyMatch.getHref())}
              >
                {t('account.menu.verifyMatch')}
              </MenuItem>
              <MenuItem icon={BellRing} onSelect={() => void navigate(paths.myAlerts.getHref())}>
                {t('account.menu.myAlerts')}
              </MenuItem>
            </>
          ) : null}
          <MenuItem icon={Heart} onSelect={() => void navigate(paths.myFavorites.getHref())}>
            {t('account.menu.myFavorites')}
          </MenuItem>
          <MenuItem
            icon={ShieldCheck}
            onSelect={() => void navigate(paths.autorisations.getHref())}
          >
            {t('account.menu.autorisations')}
          </MenuItem>
          {hasPaymentCustomer ? (
            <MenuItem icon={CreditCard} onSelect={() => portal.mutate()}>
              {t('account.menu.payment')}
            </MenuItem>
          ) : null}
          <DropdownMenu.Separator className="my-1 h-px bg-night-100" />
          <MenuItem icon={LifeBuoy} onSelect={() => openGlobalDialog('support')}>
            {t('account.menu.support')}
          </MenuItem>
          <MenuItem icon={Bug} onSelect={() => openGlobalDialog('bugReport')}>
            {t('account.menu.reportBug')}
          </MenuItem>
          {canInstall ? (
            <MenuItem icon={Download} onSelect={() => void installApp()}>
              {t('app.install')}
            </MenuItem>
          ) : null}
          <DropdownMenu.Separator className="my-1 h-px bg-night-100" />
          <DropdownMenu.Label className="px-3 pt-1 pb-0.5 text-xs font-medium text-slate-600">
            {t('language.label')}
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            value={i18n.language}
            onValueChange={(value) => {
              if (isLanguage(value)) void changeLanguage(value);
            }}
          >
            {LANGUAGE_OPTIONS.map(({ language, nameKey }) => (
              <DropdownMenu.RadioItem
                key={language}
                value={language}
                lang={language}
                className={itemClasses}
              >
                <span className="flex size-4 items-center justify-center">
                  <DropdownMenu.ItemIndicator>
                    <Check aria-hidden="true" className="size-4 text-night-900" />
                  </DropdownMenu.ItemIndicator>
                </span>
                {t(nameKey)}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
          <DropdownMenu.Separator className="my-1 h-px bg-night-100" />
          <MenuItem icon={LogOut} onSelect={onLogout}>
            {t('account.menu.logout')}
          </MenuItem>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
