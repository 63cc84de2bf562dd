import { missingDocuments, type AnnonceDetail } from '@app/domain';
import { useQueryClient } from '@tanstack/react-query';
import { FileWarning, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { FilePicker, type PickedFile } from '@/components/ui/file-picker';
import { api, ApiError } from '@/lib/api-client';
import { annonceKeys } from '../api/annonce-keys';
import { annoncesAnswerSchemas } from '../api/annonces-answer-schemas';
import { useAnnonce } from '../api/annonces';

const HOUR_MS = 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

/**
 * "avant le 27/11 à 04 h 52" and "encore 23 h" (never seconds, JOURNEYS.md): the day and the
 * hour in the phone's time zone, and the time left rounded down to the hour (minutes in the last
 * hour). `left` is null once the deadline has passed.
 */
export function deadlineParts(iso: string, now: Date, language: string) {
  const deadline = new Date(iso);
  const locale = language === 'en' ? 'en-GB' : 'fr-FR';
  const date = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit' }).format(
    deadline,
  );
  const parts = new Intl.DateTimeFormat(locale, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(deadline);
  const hour = parts.find((part) => part.type === 'hour')?.value ?? '00';
  const minute = parts.find((part) => part.type === 'minute')?.value ?? '00';
  const remaining = deadline.getTime() - now.getTime();
  const left =
    remaining <= 0
      ? null
      : remaining >= HOUR_MS
        ? { unit: 'hours' as const, count: Math.floor(remaining / HOUR_MS) }
        : { unit: 'minutes' as const, count: Math.max(1, Math.floor(remaining / MINUTE_MS)) };
  return { date, hour, minute, left };
}

/** "Documents à ajouter avant le 27/11 à 04 h 52 (encore 23 h)". */
export function useDeadlineText() {
  const { t, i18n } = useTranslation();
  return (iso: string, now = new Date()) => {
    const parts = deadlineParts(iso, now, i18n.language);
    const when = t('completion.before', parts);
    if (!parts.left) return t('completion.late', { when });
    return t('completion.deadline', {
      when,
      left:
        parts.left.unit === 'hours'
          ? t('completion.left.hours', { count: parts.left.count })
          : t('completion.left.minutes', { count: parts.left.count }),
    });
  };
}

/**
 * The block an owner sees while papers are missing (docs/product/founders-decisions.md "completing an announcement after
 * publication"): what is missing, until when, and the one button that takes her there.
 */
export function CompletionNotice({
  annonceId,
  deadline,
  missingLabel,
}: {
  annonceId: number;
  deadline: string;
  /** "la carte grise et le dépôt de plainte", when known. */
  missingLabel?: string | undefined;
}) {
  const { t } = useTranslation();
  const deadlineText = useDeadlineText();
  const [open, setOpen] = useState(false);
  return (
    <div
      className="flex flex-col gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
      data-testid="completion-notice"
    >
      <p className="flex items-start gap-2 font-medium">
        <FileWarning aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          {deadlineText(deadline)}
          {missingLabel ? (
            <span className="block font-normal">
              {t('completion.missing', { documents: missingLabel })}
            </span>
          ) : null}
        </span>
      </p>
      <Button size="sm" className="self-start" onClick={() => setOpen(true)}>
        {t('completion.add')}
      </Button>
      {open ? <AddDocumentsDialog annonceId={annonceId} open onOpenChange={setOpen} /> : null}
    </div>
  );
}

type Field = 'carteGriseFile' | 'plainteFile';
const FIELD_LABEL: Record<Field, string> = {
  carteGriseFile: 'completion.field.carteGrise',
  plainteFile: 'completion.field.plainte',
};

export function missingOf(annonce: AnnonceDetail): Field[] {
  return missingDocuments({
    isLicensed: annonce.isLicensed,
    hasCarteGrise: annonce.vehicle.carteGriseFile !== null,
    hasPlainte: annonce.vehicle.depotPlainteFile !== null,
  });
}

/**
 * POST /annonce/addDocuments/{id}: one picker per missing paper, sent with a progress bar. What is
 * sent goes to the back office to be checked; the announcement stays where it is.
 */
export function AddDocumentsDialog({
  annonceId,
  open,
  onOpenChange,
}: {
  annonceId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const detail = useAnnonce(annonceId);
  const [files, setFiles] = useState<Partial<Record<Field, PickedFile | null>>>({});
  const [errors, setErrors] = useState<Partial<Record<Field | 'root', string>>>({});
  const [progress, setProgress] = useState<number | null>(null);
  const missing = detail.data ? missingOf(detail.data) : [];

  async function send() {
    const chosen = missing.filter((field) => files[field]?.kind === 'new');
    if (chosen.length === 0) {
      setErrors({ [missing[0] ?? 'root']: 'completion.choose' });
      return;
    }
    const body = new FormData();
    for (const field of chosen) {
      const value = files[field];
      if (value?.kind === 'new') body.append(field, value.file, value.file.name);
    }
    setErrors({});
    setProgress(0);
    try {
      const result = await api.post(`/annonce/addDocuments/${annonceId}`, {
        multipart: body,
        schema: annoncesAnswerSchemas.documentsAdded,
        silent: true,
        onUploadProgress: setProgress,
      });
      await queryClient.invalidateQueries({ queryKey: annonceKeys.all });
      toast.success(t(result.isComplete ? 'completion.sent.complete' : 'completion.sent.partial'));
      onOpenChange(false);
    } catch (error) {
      if (
        error instanceof ApiError &&
        (error.invalidField === 'carteGriseFile' || error.invalidField === 'plainteFile')
      ) {
        setErrors({ [error.invalidField]: error.messageKey });
      } else {
        setErrors({ root: error instanceof ApiError ? error.messageKey : 'error.generic' });
      }
    } finally {
      setProgress(null);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (progress === null ? onOpenChange(next) : undefined)}
    >
      <DialogContent title={t('completion.dialog.title')} description={t('completion.dialog.text')}>
        <form
          noValidate
          className="flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          {detail.isLoading ? (
            <p role="status" className="text-sm text-slate-600">
              {t('wizard.loading')}
            </p>
          ) : missing.length === 0 ? (
            <p className="text-sm">{t('completion.nothing')}</p>
          ) : (
            missing.map((field) => (
              <FilePicker
                key={field}
                id={`completion-${field}`}
                label={t(FIELD_LABEL[field])}
                kind="document"
                required
                hint={t('filePicker.types.document')}
                value={files[field] ?? null}
                onChange={(value) => {
                  setFiles((current) => ({ ...current, [field]: value }));
                  setErrors((current) => ({ ...current, [field]: undefined, root: undefined }));
                }}
                error={errors[field]}
                progress={files[field] ? progress : null}
              />
            ))
          )}
          {errors.root ? (
            <p role="alert" className="text-sm font-medium text-red-700">
              {t(errors.root)}
            </p>
          ) : null}
          <p className="text-xs text-slate-600">{t('completion.dialog.partialHint')}</p>
          <div className="flex flex-wrap justify-end gap-2">
            <Button
              variant="secondary"
              disabled={progress !== null}
              onClick={() => onOpenChange(false)}
            >
              {t('completion.dialog.later')}
            </Button>
            <Button type="submit" disabled={progress !== null || missing.length === 0}>
              {progress !== null ? (
                <Loader2 aria-hidden="true" className="size-4 animate-spin" />
              ) : null}
              {t('completion.dialog.send')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
