import { BellOff, BellPlus, BellRing } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { Button, buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useExistingAlert, type Criteria } from '../api/saved-searches-api';
import { CreateSavedSearchDialog } from './create-saved-search-dialog';
import { DeleteSavedSearchDialog } from './delete-saved-search-dialog';

/**
 * The search screen's alert buttons: create (only with at least one criterion, docs/product/discovery.md §4)
 * and, when the screen shows an alert, delete it.
 */
export function AlertActions({
  criteria,
  hasCriterion,
  savedSearchId,
  savedSearchName,
  disabled,
  onNeedCriterion,
  onCreated,
  onDeleted,
}: {
  criteria: Criteria;
  hasCriterion: boolean;
  savedSearchId: number | null;
  savedSearchName: string | null;
  disabled: boolean;
  /** Without a criterion, where to choose one (the filters): a tap is never a dead end. */
  onNeedCriterion?: () => void;
  onCreated: (alert: { id: number; name: string }) => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<{ id: number; name: string } | null>(null);
  const existing = useExistingAlert(criteria, hasCriterion && !disabled);
  const active = existing.data ?? null;
  return (
    <>
      {active ? (
        // The same search is already an alert: say so, and lead to where alerts are managed.
        <Link
          to={paths.myAlerts.getHref()}
          aria-label={t('saved.search.active.label', { name: active.name })}
          className={buttonClasses({
            variant: 'secondary',
            size: 'sm',
            className: 'border-green-700 text-green-800',
          })}
        >
          <BellRing aria-hidden="true" className="size-4" />
          {t('saved.search.active')}
        </Link>
      ) : (
        <span className="group relative inline-flex">
          {/* Without a criterion the button still answers a tap (a disabled button says nothing
              on a phone, where its tooltip never shows): it says what is missing and opens the
              filters, or stays disabled where there are no filters to open. */}
          <Button
            size="sm"
            disabled={disabled || (!hasCriterion && !onNeedCriterion)}
            aria-describedby={!hasCriterion ? 'alert-needs-criterion' : undefined}
            onClick={() => {
              if (hasCriterion) {
                setCreating(true);
                return;
              }
              toast.info(t('saved.search.create.needCriterion'), { duration: 6_000 });
              onNeedCriterion?.();
            }}
          >
            <BellPlus aria-hidden="true" className="size-4" />
            {t('saved.search.create.button')}
          </Button>
          {!hasCriterion ? (
            <span
              id="alert-needs-criterion"
              role="tooltip"
              className="pointer-events-none absolute top-full right-0 z-30 mt-1 hidden w-56 rounded-md bg-night-900 px-2 py-1 text-xs text-white group-focus-within:block group-hover:block"
            >
              {t('saved.search.create.needCriterion')}
            </span>
          ) : null}
        </span>
      )}
      {savedSearchId !== null ? (
        <Button
          variant="secondary"
          size="sm"
          disabled={disabled}
          onClick={() => setDeleting({ id: savedSearchId, name: savedSearchName ?? '' })}
        >
          <BellOff aria-hidden="true" className="size-4" />
          {t('saved.search.delete.button')}
        </Button>
      ) : null}
      <CreateSavedSearchDialog
        open={creating}
        onOpenChange={setCreating}
        criteria={criteria}
        onCreated={onCreated}
      />
      <DeleteSavedSearchDialog
        alert={deleting}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        onDeleted={onDeleted}
      />
    </>
  );
}
