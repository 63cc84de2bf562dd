import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useHomeInfos } from '@/features/accounts/api/get-home-infos';
import { SearchScreen } from '@/features/discovery/components/search-screen';
import { AlertActions } from '@/features/saved-searches/components/alert-actions';
import { alertSearchHref } from '@/features/saved-searches/components/my-alerts';

/** /search: the search screen with the alert buttons (docs/product/discovery.md §2). */
export function SearchRoute() {
  const navigate = useNavigate();
  const homeInfos = useHomeInfos();
  // Unknown counts as "nothing to submit", as in the top bar.
  const identityPending = homeInfos.data?.identityNotSubmitted === true;
  return (
    <SearchScreen
      identityPending={identityPending}
      renderAlertActions={(context) => (
        <AlertActions
          {...context}
          onCreated={(alert) => void navigate(alertSearchHref(alert), { replace: true })}
          onDeleted={() => void navigate(paths.search.getHref(), { replace: true })}
        />
      )}
    />
  );
}
