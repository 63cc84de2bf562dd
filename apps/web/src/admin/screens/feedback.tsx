import { AdminFeedbackPageSchema } from '@app/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { formatDate, Pager, QueryState, RowLink, ScreenTitle, useLabel } from '../components/ui';
import { usePagedQuery } from '../paged-query';

/** Bug reports and support messages, newest first. */
export function FeedbackScreen() {
  const { t, i18n } = useTranslation();
  const label = useLabel();
  const [kind, setKind] = useState<'' | 'SUPPORT' | 'BUG_REPORT'>('');
  const { query, setPage, pager } = usePagedQuery({
    name: 'feedback',
    path: '/admin/api/feedback',
    schema: AdminFeedbackPageSchema,
    filters: { kind: kind || undefined },
  });
  return (
    <>
      <ScreenTitle count={query.data?.total}>{t('admin.feedback.title')}</ScreenTitle>
      <div
        role="group"
        aria-label={t('admin.feedback.filter')}
        className="mb-4 flex flex-wrap gap-2"
      >
        {(['', 'BUG_REPORT', 'SUPPORT'] as const).map((value) => (
          <Button
            key={value || 'all'}
            size="sm"
            variant={kind === value ? 'dark' : 'secondary'}
            aria-pressed={kind === value}
            onClick={() => {
              setKind(value);
              setPage(1);
            }}
          >
            {label('feedback', value || 'ALL')}
          </Button>
        ))}
      </div>
      <QueryState
        isLoading={query.isLoading}
        error={query.error}
        isEmpty={query.data?.items.length === 0}
      >
        <ul className="space-y-2">
          {query.data?.items.map((item) => (
            <li key={item.id} className="rounded-xl border border-night-100 bg-white p-3 text-sm">
              <p className="text-xs text-slate-600">
                {label('feedback', item.kind)} · {item.feedbackType} ·{' '}
                {formatDate(item.createdAt, i18n.language)} ·{' '}
                {item.userId ? (
                  <RowLink to={`/users/${item.userId}`}>
                    {item.username ?? `#${item.userId}`}
                  </RowLink>
                ) : (
                  '—'
                )}
                {item.page ? ` · ${item.page}` : ''}
              </p>
              <p className="mt-1 whitespace-pre-wrap">{item.content}</p>
            </li>
          ))}
        </ul>
        <Pager {...pager} />
      </QueryState>
    </>
  );
}
