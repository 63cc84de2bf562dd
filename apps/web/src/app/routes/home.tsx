import { useTranslation } from 'react-i18next';
import { HomeSections } from '@/features/discovery/components/home-sections';
import { startHomeDataEarly } from '@/features/discovery/api/early-home-data';
import { useCurrentUserValidation } from '@/features/identity/api/get-current-user-validation';
import { getSession } from '@/lib/session';

// This module loads when the home opens: its data is asked now, not once the screen has drawn.
// A guest is sent to the login instead (RequireAuth): nothing to ask for them, no position either.
if (getSession()) startHomeDataEarly();

/** / : the home feeds; asks the identity-validation check on load (docs/product/discovery.md §2). */
export function HomeRoute() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-5 md:py-8">
      <h1 className="sr-only">{t('page.home.title')}</h1>
      <IdentityStatusAsked />
      <HomeSections />
    </div>
  );
}

/**
 * Asks the identity status with the home, so that the search and scan buttons follow it from the
 * start. A component of its own: its answer draws only this (nothing), not the whole home again.
 */
function IdentityStatusAsked() {
  useCurrentUserValidation();
  return null;
}
