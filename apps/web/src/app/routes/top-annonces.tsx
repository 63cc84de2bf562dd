import { useTranslation } from 'react-i18next';
import { TopAnnonces } from '@/features/discovery/components/top-annonces';

/** /topAnnonces. */
export function TopAnnoncesRoute() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-5 px-4 py-5 md:py-8">
      <h1 className="text-2xl font-bold text-night-900 md:text-3xl">
        {t('page.topAnnonces.title')}
      </h1>
      <TopAnnonces />
    </div>
  );
}
