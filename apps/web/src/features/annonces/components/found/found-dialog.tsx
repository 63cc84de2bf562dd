import type { FoundBy, FoundOptions, FoundResult } from '@app/domain';
import { PartyPopper } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { FieldError, FormError, Label, Select } from '@/components/ui/form';
import { ApiError } from '@/lib/api-client';
import {
  isClosableAsFound,
  useDeclareFound,
  useFoundOptions,
  type FoundAccess,
} from '../../api/found';

const CHOICES: readonly FoundBy[] = ['WATCHER', 'POLICE', 'OWNER'];
const CHOICE_KEYS: Record<FoundBy, string> = {
  WATCHER: 'found.by.WATCHER',
  POLICE: 'found.by.POLICE',
  OWNER: 'found.by.OWNER',
};
const MATCH_KEYS: Record<FoundOptions['matches'][number]['status'], string> = {
  TO_VALIDATE: 'found.match.option.TO_VALIDATE',
  VALIDATED: 'found.match.option.VALIDATED',
};

function reportDate(iso: string, language: string) {
  return new Date(iso).toLocaleDateString(language === 'en' ? 'en-GB' : 'fr-FR', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
}

/**
 * Who found the vehicle, then one confirmation: used by the dialog (detail page, My
 * announcements) and by the screen of the mail link. A watcher can be named only through one of
 * the announcement's match reports, shown by date and state (never who or where).
 */
export function FoundForm({
  access,
  options,
  onDone,
}: {
  access: FoundAccess;
  options: FoundOptions;
  onDone: (result: FoundResult) => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const hasMatches = options.matches.length > 0;
  const [foundBy, setFoundBy] = useState<FoundBy | null>(null);
  const [matchReportId, setMatchReportId] = useState<number | null>(
    options.matches.length === 1 ? options.matches[0]!.id : null,
  );
  const [error, setError] = useState<{ field?: string; key: string } | null>(null);
  const declaring = useDeclareFound(access);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!foundBy) {
      setError({ field: 'foundBy', key: 'found.choice.required' });
      return;
    }
    if (foundBy === 'WATCHER' && !matchReportId) {
      setError({ field: 'matchReportId', key: 'annonce.found.match.required.error' });
      return;
    }
    setError(null);
    try {
      onDone(await declaring.mutateAsync({ foundBy, matchReportId }));
    } catch (caught) {
      const apiError = caught instanceof ApiError ? caught : null;
      setError({
        ...(apiError?.invalidField ? { field: apiError.invalidField } : {}),
        key: apiError?.messageKey ?? 'error.generic',
      });
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={error?.field === 'foundBy' ? `${id}-foundBy-error` : undefined}
      >
        <legend className="mb-2 text-sm font-semibold text-night-900">{t('found.who')}</legend>
        {CHOICES.map((choice) => {
          const disabled = choice === 'WATCHER' && !hasMatches;
          return (
            <label
              key={choice}
              className={`flex min-h-11 items-start gap-3 rounded-xl border border-night-200 bg-white p-3 text-sm ${
                disabled ? 'opacity-60' : 'cursor-pointer has-[:checked]:border-night-900'
              }`}
            >
              <input
                type="radio"
                name={`${id}-foundBy`}
                value={choice}
                className="mt-0.5 size-5 accent-night-900"
                disabled={disabled}
                checked={foundBy === choice}
                onChange={() => {
                  setFoundBy(choice);
                  setError(null);
                }}
              />
              <span className="flex flex-col">
                <span className="font-medium text-night-900">{t(CHOICE_KEYS[choice])}</span>
                {disabled ? (
                  <span className="text-slate-600">{t('found.by.WATCHER.none')}</span>
                ) : null}
              </span>
            </label>
          );
        })}
        <FieldError id={`${id}-foundBy-error`}>
          {error?.field === 'foundBy' ? t(error.key) : null}
        </FieldError>
      </fieldset>

      {foundBy === 'WATCHER' && hasMatches ? (
        <div>
          <Label htmlFor={`${id}-match`}>{t('found.match')}</Label>
          <Select
            id={`${id}-match`}
            value={matchReportId ?? ''}
            invalid={error?.field === 'matchReportId'}
            aria-describedby={error?.field === 'matchReportId' ? `${id}-match-error` : undefined}
            onChange={(event) =>
              setMatchReportId(event.target.value ? Number(event.target.value) : null)
            }
          >
            {options.matches.length > 1 ? (
              <option value="">{t('found.match.choose')}</option>
            ) : null}
            {options.matches.map((match) => (
              <option key={match.id} value={match.id}>
                {t(MATCH_KEYS[match.status], {
                  date: reportDate(match.reportedAt, i18n.language),
                })}
              </option>
            ))}
          </Select>
          <FieldError id={`${id}-match-error`}>
            {error?.field === 'matchReportId' ? t(error.key) : null}
          </FieldError>
          <p className="mt-1 text-sm text-slate-600">{t('found.match.next')}</p>
        </div>
      ) : null}

      <p className="rounded-xl bg-night-50 p-3 text-sm text-night-700">{t('found.effects')}</p>
      <FormError>{error && !error.field ? t(error.key) : null}</FormError>
      <Button type="submit" disabled={declaring.isPending}>
        {t('found.confirm')}
      </Button>
    </form>
  );
}

/** The closing dialog, signed in. */
export function FoundDialog({
  annonceId,
  open,
  onOpenChange,
}: {
  annonceId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const access: FoundAccess = { kind: 'session', annonceId };
  const options = useFoundOptions(access, open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t('found.title')}
        description={
          options.data?.title ? t('found.description', { title: options.data.title }) : undefined
        }
      >
        {options.data ? (
          <FoundForm
            access={access}
            options={options.data}
            onDone={() => {
              toast.success(t('found.done'), { duration: 4000 });
              onOpenChange(false);
            }}
          />
        ) : options.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {t(options.error instanceof ApiError ? options.error.messageKey : 'error.generic')}
          </p>
        ) : (
          <p role="status" className="text-sm text-night-700">
            {t('found.loading')}
          </p>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** "Véhicule retrouvé" for the owner, on an announcement that can still be closed. */
export function FoundButton({
  annonceId,
  status,
  className,
}: {
  annonceId: number;
  status: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!isClosableAsFound(status)) return null;
  return (
    <>
      <Button variant="dark" size="sm" className={className} onClick={() => setOpen(true)}>
        <PartyPopper aria-hidden="true" className="size-4" />
        {t('found.open')}
      </Button>
      {open ? <FoundDialog annonceId={annonceId} open={open} onOpenChange={setOpen} /> : null}
    </>
  );
}
