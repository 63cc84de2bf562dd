import { Download, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { FieldError, FormError, Input, Label } from '@/components/ui/form';
import { paths } from '@/config/paths';
import { logout } from '@/lib/logout';
import { ApiError } from '@/lib/api-client';
import { useDownloadPersonalData, useEraseAccount } from '../api/personal-data';

/** Erasing is final: the password again, and what goes and what the law keeps, said plainly. */
function EraseAccountDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const erasing = useEraseAccount();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<{ field?: 'password'; key: string } | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!password) {
      setError({ field: 'password', key: 'field.required.error' });
      return;
    }
    try {
      await erasing.mutateAsync(password);
    } catch (caught) {
      const apiError = caught instanceof ApiError ? caught : null;
      setError(
        apiError?.invalidField === 'password'
          ? { field: 'password', key: apiError.messageKey }
          : { key: apiError?.messageKey ?? 'error.generic' },
      );
      return;
    }
    logout();
    toast.success(t('personalData.erase.done'), { duration: 20_000 });
    void navigate(paths.login.getHref(), { replace: true });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t('personalData.erase.title')}
        description={t('personalData.erase.description')}
      >
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <ul className="list-disc space-y-1 pl-5 text-sm text-night-700">
            <li>{t('personalData.erase.goes')}</li>
            <li>{t('personalData.erase.kept')}</li>
          </ul>
          <div>
            <Label htmlFor={`${id}-password`}>{t('personalData.erase.password')}</Label>
            <Input
              id={`${id}-password`}
              type="password"
              autoComplete="current-password"
              value={password}
              invalid={error?.field === 'password'}
              aria-describedby={error?.field === 'password' ? `${id}-password-error` : undefined}
              onChange={(event) => setPassword(event.target.value)}
            />
            <FieldError id={`${id}-password-error`}>
              {error?.field === 'password' ? t(error.key) : null}
            </FieldError>
          </div>
          <FormError>{error && !error.field ? t(error.key) : null}</FormError>
          <div className="flex flex-col-reverse gap-2 md:flex-row md:justify-end">
            <DialogClose asChild>
              <Button variant="secondary">{t('profile.delete.cancel')}</Button>
            </DialogClose>
            <Button
              type="submit"
              className="bg-red-700 text-white hover:bg-red-800 active:bg-red-900"
              disabled={erasing.isPending}
            >
              {t('personalData.erase.confirm')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** "My personal data" on the profile (issue 19; RGPD art. 15, 17 and 20). */
export function PersonalDataSection() {
  const { t } = useTranslation();
  const download = useDownloadPersonalData();
  const [erasing, setErasing] = useState(false);
  return (
    <section
      aria-labelledby="personal-data-title"
      className="flex flex-col gap-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-night-100 md:p-6"
    >
      <h2 id="personal-data-title" className="text-lg font-semibold text-night-900">
        {t('personalData.title')}
      </h2>
      <p className="text-sm text-night-700">{t('personalData.intro')}</p>
      <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <Button
          variant="secondary"
          disabled={download.isPending}
          onClick={() =>
            download.mutate(undefined, {
              onSuccess: () =>
                toast.success(t('personalData.download.started'), { duration: 4000 }),
            })
          }
        >
          <Download aria-hidden="true" className="size-4" />
          {t('personalData.download')}
        </Button>
        <Button
          variant="ghost"
          className="text-red-700 hover:bg-red-50"
          onClick={() => setErasing(true)}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          {t('personalData.erase.open')}
        </Button>
      </div>
      {erasing ? <EraseAccountDialog open={erasing} onOpenChange={setErasing} /> : null}
    </section>
  );
}
