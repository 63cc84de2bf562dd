import { AdminDeletionsSchema, AdminStatusResponseSchema } from '@app/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form';
import { adminApi, type ApiError } from '../admin-api';
import { Card, formatDate, QueryState, RowLink, ScreenTitle } from '../components/ui';

type Target = { kind: 'annonce' | 'user'; id: number; label: string };

/** Deletion requests of announcements and accounts: erase, keeping what the law requires. */
export function DeletionsScreen() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<Target | null>(null);
  const query = useQuery({
    queryKey: ['admin', 'deletions'],
    queryFn: () => adminApi.get('/admin/api/deletions', { schema: AdminDeletionsSchema }),
  });
  const erase = useMutation({
    mutationFn: (what: Target) =>
      adminApi.post(`/admin/api/${what.kind}/${what.id}/delete`, {
        json: {},
        schema: AdminStatusResponseSchema,
      }),
    onSuccess: () => {
      setTarget(null);
      toast.success(t('admin.deletions.done'));
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
  });
  const total = (query.data?.annonces.length ?? 0) + (query.data?.accounts.length ?? 0);
  return (
    <>
      <ScreenTitle count={query.data ? total : undefined}>{t('admin.deletions.title')}</ScreenTitle>
      <p className="mb-4 max-w-prose text-sm text-slate-700">{t('admin.deletions.help')}</p>
      <QueryState isLoading={query.isLoading} error={query.error}>
        <div className="grid gap-4 lg:grid-cols-2">
          <Card>
            <h2 className="mb-3 font-semibold">{t('admin.deletions.annonces')}</h2>
            {query.data?.annonces.length === 0 ? (
              <p className="text-sm text-slate-600">{t('admin.empty')}</p>
            ) : null}
            <ul className="space-y-2 text-sm">
              {query.data?.annonces.map((a) => (
                <li key={a.id} className="flex flex-wrap items-center justify-between gap-2">
                  <span>
                    <RowLink to={`/annonces/${a.id}`}>{`${a.title} #${a.id}`}</RowLink> ·{' '}
                    {a.owner.username} · {formatDate(a.askedToBeDeletedAt, i18n.language)}
                  </span>
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() =>
                      setTarget({ kind: 'annonce', id: a.id, label: `${a.title} #${a.id}` })
                    }
                  >
                    {t('admin.deletions.delete')}
                  </Button>
                </li>
              ))}
            </ul>
          </Card>
          <Card>
            <h2 className="mb-3 font-semibold">{t('admin.deletions.accounts')}</h2>
            {query.data?.accounts.length === 0 ? (
              <p className="text-sm text-slate-600">{t('admin.empty')}</p>
            ) : null}
            <ul className="space-y-2 text-sm">
              {query.data?.accounts.map((u) => (
                <li key={u.id} className="flex flex-wrap items-center justify-between gap-2">
                  <span>
                    <RowLink to={`/users/${u.id}`}>{u.username}</RowLink> ·{' '}
                    {formatDate(u.askedToBeDeletedAt, i18n.language)}
                  </span>
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => setTarget({ kind: 'user', id: u.id, label: u.username })}
                  >
                    {t('admin.deletions.erase')}
                  </Button>
                </li>
              ))}
            </ul>
          </Card>
        </div>
      </QueryState>
      <Dialog open={target !== null} onOpenChange={(open) => (open ? null : setTarget(null))}>
        <DialogContent title={t('admin.deletions.confirmTitle')} description={target?.label}>
          <p className="mb-4 text-sm">{t('admin.deletions.confirm')}</p>
          <FormError>{erase.error ? t((erase.error as ApiError).messageKey) : null}</FormError>
          <div className="mt-3 flex gap-2">
            <Button
              variant="dark"
              disabled={erase.isPending}
              onClick={() => target && erase.mutate(target)}
            >
              {t('admin.deletions.confirmSubmit')}
            </Button>
            <DialogClose asChild>
              <Button variant="secondary">{t('admin.cancel')}</Button>
            </DialogClose>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
