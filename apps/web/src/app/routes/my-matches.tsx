import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { INDIVIDUAL_ROLES, hasAnyRole } from '@app/domain';
import { paths } from '@/config/paths';
import { MyMatches } from '@/features/matches/components/my-matches';
import { useCurrentUser } from '@/lib/session';

/** /user/myMatches: current, validated and refused matches. */
export function MyMatchesRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  // Checking a vehicle is for the individual roles (verify match, docs/product/discovery.md §6).
  const canScan = hasAnyRole(user?.roles ?? [], INDIVIDUAL_ROLES);
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-5 px-4 py-5 md:py-8">
      <h1 className="text-2xl font-bold text-night-900 md:text-3xl">{t('page.myMatches.title')}</h1>
      <MyMatches
        {...(canScan ? { onScan: () => void navigate(paths.verifyMatch.getHref()) } : {})}
      />
    </div>
  );
}
