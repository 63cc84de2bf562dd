import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { MatchShow } from '@/features/matches/components/my-matches';

/** MatchShow (/match/show/:annonceId): my reports on one announcement. */
export function MatchShowRoute() {
  const { t } = useTranslation();
  const { annonceId } = useParams();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-4 py-5 md:py-8">
      <h1 className="text-2xl font-bold text-night-900 md:text-3xl">{t('page.matchShow.title')}</h1>
      <MatchShow annonceId={Number(annonceId)} />
    </div>
  );
}
