import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { ApiError } from '@/lib/api-client';
import { useDeleteSavedSearch } from '../api/saved-searches-api';

/** docs/product/discovery.md §8: 401 or 404 on deletion shows a toast titled Error, 4 s, bottom right. */
export const DELETE_ERROR_TOAST_MS = 4000;

export function DeleteSavedSearchDialog({
  alert,
  onOpenChange,
  onDeleted,
}: {
  alert: { id: number; name: string } | null;
  onOpenChange: (open: boolean) => void;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteSavedSearch();

  async function confirm() {
    if (!alert) return;
    try {
      await remove.mutateAsync(alert.id);
      toast.success(t('saved.search.deleted', { name: alert.name }));
      onOpenChange(false);
      onDeleted?.();
    } catch (failure) {
      onOpenChange(false);
      const messageKey = failure instanceof ApiError ? failure.messageKey : 'error.generic';
      toast.error(t('Error.title'), {
        description: t(messageKey),
        duration: DELETE_ERROR_TOAST_MS,
        position: 'bottom-right',
      });
    }
  }

  return (
    <Dialog open={alert !== null} onOpenChange={onOpenChange}>
      <DialogContent
        title={t('saved.search.delete.title')}
        description={alert ? t('saved.search.delete.text', { name: alert.name }) : undefined}
      >
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('saved.search.cancel')}
          </Button>
          <Button variant="dark" disabled={remove.isPending} onClick={() => void confirm()}>
            {t('saved.search.delete.confirm')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
