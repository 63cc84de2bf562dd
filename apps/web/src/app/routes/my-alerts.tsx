import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useHomeInfos } from '@/features/accounts/api/get-home-infos';
import { openIdentityDialog } from '@/features/identity/hooks/identity-dialog-store';
import { useIdentityRequirement } from '@/features/identity/hooks/use-identity-requirement';
import { MyAlerts } from '@/features/saved-searches/components/my-alerts';

/** /user/MyAlerts (individual roles only). */
export function MyAlertsRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const homeInfos = useHomeInfos();
  const identity = useIdentityRequirement();
  const identityPending = homeInfos.data?.identityNotSubmitted === true;

  function create() {
    // docs/product/discovery.md §2: with an identity still to submit, the identity check comes instead.
    if (identityPending || identity.identityToSubmit) {
      openIdentityDialog('toSubmit');
      return;
    }
    void navigate(paths.search.getHref({ fromBtnName: 'filters' }));
  }

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-4 py-5 md:py-8">
      <h1 className="text-2xl font-bold text-night-900 md:text-3xl">{t('page.myAlerts.title')}</h1>
      <MyAlerts onCreate={create} />
    </div>
  );
}
