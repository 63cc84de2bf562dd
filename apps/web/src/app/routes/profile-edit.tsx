import { useTranslation } from 'react-i18next';
import { ProfileEdit } from '@/features/profile/components/profile-edit';

/** /user/profileEdit. */
export function ProfileEditRoute() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 md:py-10">
      <h1 className="mb-5 text-2xl font-bold text-night-900 md:text-3xl">
        {t('page.profileEdit.title')}
      </h1>
      <ProfileEdit />
    </div>
  );
}
