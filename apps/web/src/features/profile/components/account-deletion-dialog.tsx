import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form';
import { ApiError } from '@/lib/api-client';
import { useAskForAccountDeletion } from '../api/account-actions';

/** Confirmation before asking the team to delete the account (docs/product/accounts.md §2). */
export function AccountDeletionDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const asking = useAskForAccountDeletion();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t('profile.delete.title')}
        description={t('profile.delete.description')}
      >
        <FormError>
          {asking.error
            ? t(asking.error instanceof ApiError ? asking.error.messageKey : 'error.generic')
            : null}
        </FormError>
        <div className="mt-4 flex flex-col-reverse gap-2 md:flex-row md:justify-end">
          <DialogClose asChild>
            <Button variant="secondary">{t('profile.delete.cancel')}</Button>
          </DialogClose>
          <Button
            className="bg-red-700 text-white hover:bg-red-800 active:bg-red-900"
            disabled={asking.isPending}
            onClick={() => asking.mutate(undefined, { onSuccess: () => onOpenChange(false) })}
          >
            {t('profile.delete.confirm')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
