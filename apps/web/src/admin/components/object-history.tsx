import { AdminAuditPageSchema } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../admin-api';
import { Card, formatDate, useLabel } from './ui';

/** The last admin actions on one object (audit log). */
export function ObjectHistory({ objectType, objectId }: { objectType: string; objectId: number }) {
  const { t, i18n } = useTranslation();
  const label = useLabel();
  const query = useQuery({
    queryKey: ['admin', 'audit', objectType, objectId],
    queryFn: () =>
      adminApi.get('/admin/api/audit', {
        query: { objectType, objectId },
        schema: AdminAuditPageSchema,
      }),
  });
  if (!query.data || query.data.items.length === 0) return null;
  return (
    <Card>
      <h2 className="mb-3 font-semibold">{t('admin.history.title')}</h2>
      <ul className="space-y-1 text-sm">
        {query.data.items.map((entry) => (
          <li key={entry.id}>
            {formatDate(entry.createdAt, i18n.language)} · {entry.adminUsername} ·{' '}
            {label('auditAction', entry.action)}
          </li>
        ))}
      </ul>
    </Card>
  );
}
