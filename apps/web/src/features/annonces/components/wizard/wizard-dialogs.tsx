import { CheckCircle2, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';

/** Some announcements lack their documents: publish now (48 h to complete) or complete first. */
export function IncompleteDialog({
  open,
  onOpenChange,
  onPublish,
  onComplete,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPublish: (reminder: boolean) => void;
  onComplete: () => void;
}) {
  const { t } = useTranslation();
  const [reminder, setReminder] = useState(true);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t('wizard.incomplete.title')} description={t('wizard.incomplete.text')}>
        <label className="flex items-start gap-3 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-5 shrink-0 accent-night-900"
            checked={reminder}
            onChange={(event) => setReminder(event.target.checked)}
          />
          <span>{t('wizard.incomplete.reminder')}</span>
        </label>
        <div className="mt-5 flex flex-col gap-2 md:flex-row md:justify-end">
          <Button variant="secondary" onClick={onComplete}>
            {t('wizard.incomplete.complete')}
          </Button>
          <Button onClick={() => onPublish(reminder)}>{t('wizard.incomplete.publish')}</Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** The payment promise: confirm only once the box is ticked (nothing is charged now). */
export function PaymentPromiseDialog({
  open,
  onOpenChange,
  total,
  onConfirm,
  isPending,
  variant,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  total: string;
  onConfirm: () => void;
  isPending: boolean;
  variant: 'publish' | 'edit';
}) {
  const { t } = useTranslation();
  const [accepted, setAccepted] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setAccepted(false);
        onOpenChange(next);
      }}
    >
      <DialogContent title={t('wizard.promise.title')}>
        <p className="text-sm text-night-700">{t('wizard.promise.text', { total })}</p>
        <label className="mt-4 flex items-start gap-3 text-sm font-medium">
          <input
            type="checkbox"
            className="mt-0.5 size-5 shrink-0 accent-night-900"
            checked={accepted}
            onChange={(event) => setAccepted(event.target.checked)}
          />
          <span>{t('wizard.promise.accept', { total })}</span>
        </label>
        <div className="mt-5 flex flex-col gap-2 md:flex-row md:justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('wizard.cancel')}
          </Button>
          <Button disabled={!accepted || isPending} onClick={onConfirm}>
            {t(
              variant === 'publish'
                ? 'wizard.promise.confirm.publish'
                : 'wizard.promise.confirm.edit',
            )}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

const SUCCESS_TITLES = {
  completeOne: 'wizard.success.complete.one',
  completeMany: 'wizard.success.complete.many',
  incompleteOne: 'wizard.success.incomplete.one',
  incompleteMany: 'wizard.success.incomplete.many',
} as const;

/**
 * "Your announcement is online": titles by completeness and count; OK goes to my announcements.
 * After a creation the wizard behind it is back at step 0, so a victim of several thefts can
 * declare the next vehicle straight away (docs/decisions.md).
 */
export function SuccessDialog({
  open,
  count,
  allComplete,
  onOk,
  onDeclareAnother,
}: {
  open: boolean;
  count: number;
  allComplete: boolean;
  onOk: () => void;
  onDeclareAnother?: () => void;
}) {
  const { t } = useTranslation();
  const key = allComplete
    ? count > 1
      ? SUCCESS_TITLES.completeMany
      : SUCCESS_TITLES.completeOne
    : count > 1
      ? SUCCESS_TITLES.incompleteMany
      : SUCCESS_TITLES.incompleteOne;
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onOk()}>
      <DialogContent title={t(key, { count })}>
        <div className="flex flex-col items-center gap-3 text-center">
          <CheckCircle2 aria-hidden="true" className="size-12 text-green-700" />
          <p className="text-sm text-night-700">
            {t(allComplete ? 'wizard.success.text.complete' : 'wizard.success.text.incomplete')}
          </p>
          <Button onClick={onOk} className="w-full md:w-auto">
            {t('wizard.success.ok')}
          </Button>
          {onDeclareAnother ? (
            <Button variant="ghost" onClick={onDeclareAnother} className="w-full md:w-auto">
              <Plus aria-hidden="true" className="size-4" />
              {t('wizard.success.another')}
            </Button>
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** Leaving the wizard with unsaved changes. */
export function LeaveDialog({
  open,
  saved = false,
  onStay,
  onLeave,
}: {
  open: boolean;
  /** Everything typed is in the server's draft: leaving loses nothing, coming back continues. */
  saved?: boolean;
  onStay: () => void;
  onLeave: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onStay()}>
      <DialogContent
        title={t('wizard.leave.title')}
        description={t(saved ? 'wizard.leave.text.saved' : 'wizard.leave.text')}
      >
        <div className="flex flex-col gap-2 md:flex-row md:justify-end">
          <Button variant="secondary" onClick={onLeave}>
            {t('wizard.leave.confirm')}
          </Button>
          <Button onClick={onStay}>{t('wizard.leave.stay')}</Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
