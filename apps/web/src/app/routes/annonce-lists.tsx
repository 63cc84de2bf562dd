import { useTranslation } from 'react-i18next';
import { MyAnnonces, MyFavorites } from '@/features/annonces/components/annonce-lists';

/** /user/myAnnonce. */
export function MyAnnonceRoute() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 md:py-10">
      <h1 className="mb-5 text-2xl font-bold text-night-900 md:text-3xl">
        {t('page.myAnnonce.title')}
      </h1>
      <MyAnnonces />
    </div>
  );
}

/** /user/myFavorites. */
export function MyFavoritesRoute() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 md:py-10">
      <h1 className="mb-5 text-2xl font-bold text-night-900 md:text-3xl">
        {t('page.myFavorites.title')}
      </h1>
      <MyFavorites />
    </div>
  );
}
