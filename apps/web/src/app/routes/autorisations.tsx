import { useTranslation } from 'react-i18next';
import { PermissionsPage } from '@/features/permissions/components/permissions-page';

/** /autorisations. */
export function AutorisationsRoute() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 md:py-10">
      <h1 className="mb-5 text-2xl font-bold text-night-900 md:text-3xl">
        {t('page.autorisations.title')}
      </h1>
      <PermissionsPage />
    </div>
  );
}
