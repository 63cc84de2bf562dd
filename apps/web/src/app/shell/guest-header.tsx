import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EnvironmentBadge } from '@/components/layouts/environment-badge';
import { buttonClasses } from '@/components/ui/button';
import { LanguageSwitch } from '@/components/ui/language-switch';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';

/** The header of public pages for guests: no navigation (docs/product/accounts.md §2), a way to sign in. */
export function GuestHeader() {
  const { t } = useTranslation();
  return (
    <header className="bg-night-900 text-white">
      <div className="mx-auto flex max-w-6xl items-center gap-2 px-3 py-2 md:px-4">
        <Link
          to={paths.login.getHref()}
          aria-label={t('nav.loginLink')}
          className="flex min-h-11 items-center rounded-lg px-1"
        >
          <Logo />
        </Link>
        <EnvironmentBadge />
        <div className="ml-auto flex items-center gap-2">
          <LanguageSwitch tone="onDark" />
          {/* On small screens the logo leads to the login screen. */}
          <span className="hidden sm:block">
            <Link
              to={paths.login.getHref()}
              className={buttonClasses({ variant: 'primary', size: 'sm' })}
            >
              {t('login.signIn')}
            </Link>
          </span>
        </div>
      </div>
    </header>
  );
}
