import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';

export function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 px-6 py-16 text-center">
      <p className="text-5xl font-bold text-lantern-700">404</p>
      <h1 className="text-2xl font-bold text-night-900">{t('page.notFound.title')}</h1>
      <p className="text-slate-600">{t('page.notFound.description')}</p>
      <Link to={paths.home.getHref()} className={buttonClasses({ variant: 'dark' })}>
        {t('common.backHome')}
      </Link>
    </div>
  );
}
