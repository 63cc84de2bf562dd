import { AdminAuditPageSchema } from '@app/domain';
import { useTranslation } from 'react-i18next';
import { formatDate, Pager, QueryState, ScreenTitle, useLabel } from '../components/ui';
import { usePagedQuery } from '../paged-query';

/** Every admin action: who, what, when, before and after. */
export function AuditScreen() {
  const { t, i18n } = useTranslation();
  const label = useLabel();
  const { query, pager } = usePagedQuery({
    name: 'audit',
    path: '/admin/api/audit',
    schema: AdminAuditPageSchema,
  });
  return (
    <>
      <ScreenTitle count={query.data?.total}>{t('admin.audit.title')}</ScreenTitle>
      <QueryState
        isLoading={query.isLoading}
        error={query.error}
        isEmpty={query.data?.items.length === 0}
      >
        <div className="overflow-x-auto rounded-xl border border-night-100 bg-white">
          <table className="stacked-table w-full text-left text-sm">
            <thead className="bg-night-50 text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {t('admin.audit.col.when')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('admin.audit.col.who')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('admin.audit.col.what')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('admin.audit.col.before')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('admin.audit.col.after')}
                </th>
              </tr>
            </thead>
            <tbody>
              {query.data?.items.map((entry) => (
                <tr key={entry.id} className="border-t border-night-100 align-top">
                  <td
                    data-label={t('admin.audit.col.when')}
                    className="px-3 py-2 whitespace-nowrap"
                  >
                    {formatDate(entry.createdAt, i18n.language)}
                  </td>
                  <td data-label={t('admin.audit.col.who')} className="px-3 py-2">
                    {entry.adminUsername}
                  </td>
                  <td data-label={t('admin.audit.col.what')} className="px-3 py-2">
                    {label('auditAction', entry.action)}
                    <span className="block text-xs text-slate-600">
                      {label('auditObject', entry.objectType)} #{entry.objectId ?? '—'}
                    </span>
                  </td>
                  <td data-label={t('admin.audit.col.before')} className="px-3 py-2">
                    <code className="text-xs break-all">
                      {entry.before ? JSON.stringify(entry.before) : '—'}
                    </code>
                  </td>
                  <td data-label={t('admin.audit.col.after')} className="px-3 py-2">
                    <code className="text-xs break-all">
                      {entry.after ? JSON.stringify(entry.after) : '—'}
                    </code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pager {...pager} />
      </QueryState>
    </>
  );
}
