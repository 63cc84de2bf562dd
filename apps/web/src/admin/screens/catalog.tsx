import {
  AdminStatusResponseSchema,
  CustomCatalogListSchema,
  MergeTargetsSchema,
  type CustomCatalogItem,
} from '@app/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { FormError, Label, Select } from '@/components/ui/form';
import { adminApi, type ApiError } from '../admin-api';
import { QueryState, ScreenTitle, useLabel } from '../components/ui';

function MergeDialog({ item, onClose }: { item: CustomCatalogItem; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const [targetId, setTargetId] = useState('');
  const targets = useQuery({
    queryKey: ['admin', 'mergeTargets', item.kind, item.id],
    queryFn: () =>
      adminApi.get(`/admin/api/catalog/${item.kind}/${item.id}/mergeTargets`, {
        schema: MergeTargetsSchema,
      }),
  });
  const merge = useMutation({
    mutationFn: () =>
      adminApi.post(`/admin/api/catalog/${item.kind}/${item.id}/merge`, {
        json: { targetId: Number(targetId) },
        schema: AdminStatusResponseSchema,
      }),
    onSuccess: () => {
      toast.success(t('admin.saved'));
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
      onClose();
    },
  });
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent title={t('admin.catalog.mergeTitle', { name: item.name })}>
        <QueryState isLoading={targets.isLoading} error={targets.error}>
          <form
            className="space-y-3"
            onSubmit={(event) => {
              event.preventDefault();
              merge.mutate();
            }}
          >
            <div>
              <Label htmlFor={`${id}-target`}>{t('admin.catalog.mergeInto')}</Label>
              <Select
                id={`${id}-target`}
                value={targetId}
                onChange={(event) => setTargetId(event.target.value)}
                required
              >
                <option value="">{t('admin.catalog.choose')}</option>
                {targets.data?.map((target) => (
                  <option key={target.id} value={target.id}>
                    {target.name}
                  </option>
                ))}
              </Select>
            </div>
            <FormError>{merge.error ? t((merge.error as ApiError).messageKey) : null}</FormError>
            <Button type="submit" variant="dark" disabled={!targetId || merge.isPending}>
              {t('admin.catalog.merge')}
            </Button>
          </form>
        </QueryState>
      </DialogContent>
    </Dialog>
  );
}

/** Brands, models and finishes typed by users: approve, merge or reject. */
export function CatalogScreen() {
  const { t } = useTranslation();
  const label = useLabel();
  const queryClient = useQueryClient();
  const [merging, setMerging] = useState<CustomCatalogItem | null>(null);
  const query = useQuery({
    queryKey: ['admin', 'catalog'],
    queryFn: () => adminApi.get('/admin/api/catalog/custom', { schema: CustomCatalogListSchema }),
  });
  const act = useMutation({
    mutationFn: ({ item, action }: { item: CustomCatalogItem; action: 'approve' | 'reject' }) =>
      adminApi.post(`/admin/api/catalog/${item.kind}/${item.id}/${action}`, {
        json: {},
        schema: AdminStatusResponseSchema,
      }),
    onSuccess: () => {
      toast.success(t('admin.saved'));
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
  });
  return (
    <>
      <ScreenTitle count={query.data?.length}>{t('admin.catalog.title')}</ScreenTitle>
      <FormError>{act.error ? t((act.error as ApiError).messageKey) : null}</FormError>
      <QueryState
        isLoading={query.isLoading}
        error={query.error}
        isEmpty={query.data?.length === 0}
      >
        <div className="overflow-x-auto rounded-xl border border-night-100 bg-white">
          <table className="stacked-table w-full text-left text-sm">
            <thead className="bg-night-50 text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {t('admin.catalog.col.name')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('admin.catalog.col.kind')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('admin.catalog.col.by')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('admin.catalog.col.used')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('admin.catalog.col.actions')}
                </th>
              </tr>
            </thead>
            <tbody>
              {query.data?.map((item) => (
                <tr key={`${item.kind}-${item.id}`} className="border-t border-night-100">
                  <td data-label={t('admin.catalog.col.name')} className="px-3 py-2 font-semibold">
                    {item.name}
                    {item.parentName ? (
                      <span className="block text-xs font-normal text-slate-600">
                        {item.parentName}
                      </span>
                    ) : null}
                  </td>
                  <td data-label={t('admin.catalog.col.kind')} className="px-3 py-2">
                    {label('catalog', item.kind)}
                  </td>
                  <td data-label={t('admin.catalog.col.by')} className="px-3 py-2">
                    {item.createdBy ?? '—'}
                  </td>
                  <td data-label={t('admin.catalog.col.used')} className="px-3 py-2">
                    {item.annonceCount}
                  </td>
                  <td data-label={t('admin.catalog.col.actions')} className="px-3 py-2">
                    <div className="flex flex-wrap gap-1">
                      <Button size="sm" onClick={() => act.mutate({ item, action: 'approve' })}>
                        {t('admin.catalog.approve')}
                      </Button>
                      <Button size="sm" variant="secondary" onClick={() => setMerging(item)}>
                        {t('admin.catalog.merge')}
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => act.mutate({ item, action: 'reject' })}
                      >
                        {t('admin.catalog.reject')}
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </QueryState>
      {merging ? <MergeDialog item={merging} onClose={() => setMerging(null)} /> : null}
    </>
  );
}
