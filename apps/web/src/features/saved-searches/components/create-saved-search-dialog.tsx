import { SAVED_SEARCH_NAME_MAX_LENGTH } from '@app/domain';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import {
  checkExistingSavedSearch,
  useCreateSavedSearch,
  useFiltersSummary,
  type Criteria,
} from '../api/saved-searches-api';

/**
 * The create-alert modal (docs/product/discovery.md §2): title, the chosen filters in words, a required name.
 * An alert with exactly these filters already saved is reported instead of saved twice.
 */
export function CreateSavedSearchDialog({
  open,
  onOpenChange,
  criteria,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  criteria: Criteria;
  onCreated: (alert: { id: number; name: string }) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [name, setName] = useState('');
  const [nameTouched, setNameTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [existing, setExisting] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const summary = useFiltersSummary(criteria, open);
  const create = useCreateSavedSearch();
  // The name starts as the one proposed from the criteria, until the person types their own.
  const proposed = summary.data?.proposedName ?? '';
  if (open && !nameTouched && proposed !== '' && name !== proposed) setName(proposed);

  function reset(next: boolean) {
    if (!next) {
      setName('');
      setNameTouched(false);
      setError(null);
      setExisting(null);
    }
    onOpenChange(next);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (name.trim() === '') {
      setError('saved.search.invalidFeedBack');
      return;
    }
    setError(null);
    setChecking(true);
    try {
      const found = await checkExistingSavedSearch(criteria).catch(() => null);
      if (found?.savedSearchId != null) {
        setExisting(found.savedSearchName ?? '');
        return;
      }
      const created = await create.mutateAsync({ name: name.trim(), criteria });
      toast.success(t('saved.search.created', { name: created.name }));
      reset(false);
      onCreated(created);
    } catch (failure) {
      // A 403 names the field; anything else is only logged (docs/product/discovery.md §8).
      if (failure instanceof ApiError && failure.invalidField === 'name') {
        setError(failure.messageKey);
      } else {
        console.warn('Saved search not created', failure);
      }
    } finally {
      setChecking(false);
    }
  }

  const inputId = `${id}-name`;
  const errorId = `${id}-error`;
  return (
    <Dialog open={open} onOpenChange={reset}>
      <DialogContent title={t('saved.search.create.title')}>
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
          <div>
            <p className="text-sm font-medium text-night-900">{t('saved.search.create.filters')}</p>
            {summary.isPending ? (
              <Skeleton className="mt-1 h-4 w-3/4" />
            ) : (
              <p className="mt-1 text-sm text-slate-700" data-testid="saved-search-summary">
                {summary.data?.text || t('saved.search.create.noSummary')}
              </p>
            )}
          </div>
          <div>
            <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-night-900">
              {t('saved.search.name')}
            </label>
            <input
              id={inputId}
              value={name}
              maxLength={SAVED_SEARCH_NAME_MAX_LENGTH}
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => {
                setName(event.target.value);
                setNameTouched(true);
                setExisting(null);
              }}
              className="h-11 w-full rounded-lg border border-night-200 px-3 text-base focus:border-lantern-500 focus:outline-none aria-[invalid]:border-red-600 md:text-sm"
            />
            {error ? (
              <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
                {t(error)}
              </p>
            ) : null}
          </div>
          {existing !== null ? (
            <p role="status" className="rounded-lg bg-lantern-100 p-3 text-sm text-night-900">
              {t('saved.search.exists', { name: existing })}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => reset(false)}>
              {t('saved.search.cancel')}
            </Button>
            <Button type="submit" disabled={checking}>
              {t('saved.search.create.submit')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
