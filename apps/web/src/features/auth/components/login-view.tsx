import { Hourglass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { paths } from '@/config/paths';
import {
  DEFAULT_LOGIN_COMPONENT,
  LOGIN_COMPONENT_TITLE_KEYS,
  isLoginComponent,
  type LoginComponent,
} from '../login-components';

/**
 * The container of the login screen: one view at a time, chosen by :component. Keyed by the view
 * so that moving between views starts each one afresh.
 */
export function LoginView() {
  const { component } = useParams();
  if (component !== undefined && !isLoginComponent(component)) {
    return <Navigate to={paths.login.getHref()} replace />;
  }
  const current: LoginComponent = component ?? DEFAULT_LOGIN_COMPONENT;
  return (
    <section key={current} aria-labelledby="login-view-title" data-login-component={current}>
      <LoginViewPending component={current} />
    </section>
  );
}

/** Shown while the account forms are being built: says so rather than showing a dead form. */
function LoginViewPending({ component }: { component: LoginComponent }) {
  const { t } = useTranslation();
  return (
    <div className="text-center">
      <h2 id="login-view-title" className="text-xl font-semibold text-night-900">
        {t(LOGIN_COMPONENT_TITLE_KEYS[component])}
      </h2>
      <div className="mt-6 flex flex-col items-center gap-3 rounded-xl border border-dashed border-night-200 bg-night-50 px-4 py-8">
        <Hourglass aria-hidden="true" className="size-8 text-lantern-700" />
        <p className="font-semibold text-night-900">{t('comingSoon.title')}</p>
        <p className="max-w-xs text-sm text-slate-600">{t('comingSoon.login')}</p>
      </div>
    </div>
  );
}
