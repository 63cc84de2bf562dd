import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminGet } from '../admin-api';
import { Card, formatDate } from './ui';

interface AuditPage {
  total: number;
  items: { id: number; adminUsername: string; action: string; createdAt: string }[];
}

/** The last admin actions on one object (audit log). */
export function ObjectHistory({ objectType, objectId }: { objectType: string; objectId: number }) {
  const { t, i18n } = useTranslation();
  const query = useQuery({
    queryKey: ['admin', 'audit', objectType, objectId],
    queryFn: () =>
      adminGet<AuditPage>(`/admin/api/audit?objectType=${objectType}&objectId=${objectId}`),
  });
  if (!query.data || query.data.items.length === 0) return null;
  return (
    <Card>
      <h2 className="mb-3 font-semibold">{t('admin.history.title')}</h2>
      <ul className="space-y-1 text-sm">
        {query.data.items.map((entry) => (
          <li key={entry.id}>
            {formatDate(entry.createdAt, i18n.language)} · {entry.adminUsername} · {entry.action}
          </li>
        ))}
      </ul>
    </Card>
  );
}
