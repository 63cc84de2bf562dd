import type { AdminUserSummary } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminGet } from '../admin-api';
import { Pager, QueryState, ScreenTitle } from '../components/ui';
import { UserTable } from './users';

/** Identities in progress, the longest waiting first; the decision is on the user's page. */
export function IdentityQueueScreen() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: ['admin', 'identities', page],
    queryFn: () =>
      adminGet<{ total: number; pageSize: number; items: AdminUserSummary[] }>(
        `/admin/api/identities?page=${page}`,
      ),
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
        <Pager
          page={page}
          pageSize={query.data?.pageSize ?? 20}
          total={query.data?.total ?? 0}
          onPage={setPage}
        />
      </QueryState>
    </>
  );
}
