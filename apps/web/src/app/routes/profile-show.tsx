import { useTranslation } from 'react-i18next';
import { ProfileShow } from '@/features/profile/components/profile-show';

/** /user/profileShow. */
export function ProfileShowRoute() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 md:py-10">
      <h1 className="mb-5 text-2xl font-bold text-night-900 md:text-3xl">
        {t('page.profileShow.title')}
      </h1>
      <ProfileShow />
    </div>
  );
}
