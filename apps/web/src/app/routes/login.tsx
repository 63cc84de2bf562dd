import { useTranslation } from 'react-i18next';
import { EnvironmentBadge } from '@/components/layouts/environment-badge';
import { LanguageSwitch } from '@/components/ui/language-switch';
import { LanternIcon } from '@/components/ui/logo';
import { LoginView } from '@/features/auth/components/login-view';

/** /login/:component?/:token?/:userId?: the frame around the sign-in and sign-up views. */
export function LoginRoute() {
  const { t } = useTranslation();
  return (
    <div className="relative flex flex-1 flex-col bg-night-900 bg-[radial-gradient(ellipse_at_top,_rgba(245,165,36,0.18),_transparent_60%)]">
      <div className="flex items-center justify-end gap-2 px-4 pt-3">
        <EnvironmentBadge />
        <LanguageSwitch tone="onDark" />
      </div>
      <div className="flex flex-1 flex-col items-center px-4 pt-4 pb-10 md:justify-center md:pt-0">
        <div className="flex flex-col items-center text-center">
          <LanternIcon className="size-16 text-lantern-500 drop-shadow-[0_0_18px_rgba(245,165,36,0.45)]" />
          <h1 className="mt-3 text-3xl font-bold tracking-tight text-white">{t('app.name')}</h1>
          <p className="mt-2 max-w-sm text-night-200">{t('app.tagline')}</p>
        </div>
        <div className="mt-8 w-full max-w-md rounded-2xl bg-white p-6 shadow-2xl md:p-8">
          <LoginView />
        </div>
      </div>
    </div>
  );
}
