import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ComingSoon } from '@/components/layouts/coming-soon';
import { useRouteHandle } from '../route-handle';

/** A screen whose area is still to be built: its title from the route, and "coming soon". */
export function ComingSoonRoute() {
  const { t } = useTranslation();
  const { titleKey } = useRouteHandle();
  const { pathname } = useLocation();
  return (
    <ComingSoon title={titleKey ? t(titleKey) : t('app.name')} showBackHome={pathname !== '/'} />
  );
}
