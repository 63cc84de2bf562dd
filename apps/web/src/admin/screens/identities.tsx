import { AdminUserPageSchema } from '@app/domain';
import { useTranslation } from 'react-i18next';
import { Pager, QueryState, ScreenTitle } from '../components/ui';
import { usePagedQuery } from '../paged-query';
import { UserTable } from './users';

/** Identities in progress, the longest waiting first; the decision is on the user's page. */
export function IdentityQueueScreen() {
  const { t } = useTranslation();
  const { query, pager } = usePagedQuery({
    name: 'identities',
    path: '/admin/api/identities',
    schema: AdminUserPageSchema,
  });
  return (
    <>
      <ScreenTitle count={query.data?.total}>{t('admin.identities.title')}</ScreenTitle>
      <QueryState
        isLoading={query.isLoading}
        error={query.error}
        isEmpty={query.data?.items.length === 0}
        emptyText={t('admin.identities.empty')}
      >
        <UserTable items={query.data?.items ?? []} dateOf={(user) => user.identitySubmittedAt} />
        <Pager {...pager} />
      </QueryState>
    </>
  );
}
