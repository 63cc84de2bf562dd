import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { LanternIcon } from '@/components/ui/logo';
import { paths } from '@/config/paths';

/** The screen of an area still being built: its title, and an honest "coming soon". */
export function ComingSoon({
  title,
  showBackHome = true,
}: {
  title: string;
  showBackHome?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-6 py-14 text-center md:py-20">
      <div className="flex size-20 items-center justify-center rounded-full bg-night-900 shadow-lg ring-8 ring-lantern-500/15">
        <LanternIcon className="size-12 text-lantern-500" />
      </div>
      <h1 className="mt-6 text-2xl font-bold text-night-900 md:text-3xl">{title}</h1>
      <p className="mt-3 inline-flex items-center rounded-full bg-lantern-100 px-3 py-1 text-sm font-semibold text-lantern-800">
        {t('comingSoon.title')}
      </p>
      <p className="mt-4 text-slate-600">{t('comingSoon.description')}</p>
      {showBackHome ? (
        <Link
          to={paths.home.getHref()}
          className={buttonClasses({ variant: 'secondary', className: 'mt-8' })}
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('common.backHome')}
        </Link>
      ) : null}
    </div>
  );
}
