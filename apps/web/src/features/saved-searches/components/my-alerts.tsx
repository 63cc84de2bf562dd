import type { SavedSearch } from '@app/domain';
import { BellPlus, BellRing, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useMyAlerts } from '../api/saved-searches-api';
import { DeleteSavedSearchDialog } from './delete-saved-search-dialog';

export function alertSearchHref(alert: Pick<SavedSearch, 'id' | 'name'>): string {
  return paths.search.getHref({
    annonceType: 'SAVED_SEARCH_ANNONCES',
    savedSearchId: alert.id,
    savedSearchName: alert.name,
  });
}

/**
 * My alerts (docs/product/discovery.md §2): each alert with its name and description, open (the search as
 * SAVED_SEARCH_ANNONCES) and delete with confirmation; an empty state; the create button.
 */
export function MyAlerts({ onCreate }: { onCreate: () => void }) {
  const { t } = useTranslation();
  const alerts = useMyAlerts();
  const [deleting, setDeleting] = useState<{ id: number; name: string } | null>(null);

  // Without any alert, the empty state's own button is the one way to create one: the button
  // above the list only comes once the list is there, so that it never shows and then goes.
  const empty = alerts.isSuccess && alerts.data.length === 0;
  return (
    <div className="flex flex-col gap-4">
      {alerts.isPending ? (
        <Skeleton className="h-11 w-44 rounded-lg" />
      ) : empty ? null : (
        <div>
          <Button onClick={onCreate}>
            <BellPlus aria-hidden="true" className="size-4" />
            {t('saved.search.create.button')}
          </Button>
        </div>
      )}
      {alerts.isPending ? (
        <div role="status" aria-label={t('myAlerts.loading')} className="flex flex-col gap-3">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} className="h-32 w-full rounded-xl md:h-20" />
          ))}
        </div>
      ) : alerts.isError ? (
        <p className="text-slate-600">{t('myAlerts.error')}</p>
      ) : empty ? (
        <EmptyState
          icon={BellRing}
          title={t('myAlerts.empty')}
          text={t('myAlerts.empty.hint')}
          action={{ label: t('saved.search.create.button'), onClick: onCreate, icon: BellPlus }}
        />
      ) : (
        <ul aria-label={t('page.myAlerts.title')} className="flex flex-col gap-3">
          {alerts.data.map((alert) => (
            <li
              key={alert.id}
              className="flex flex-col gap-3 rounded-xl border border-night-100 bg-white p-4 shadow-sm md:flex-row md:items-center"
            >
              <div className="min-w-0 flex-1">
                <h2 className="font-semibold text-night-900">{alert.name}</h2>
                {alert.description ? (
                  <p className="mt-0.5 text-sm text-slate-600">{alert.description}</p>
                ) : null}
              </div>
              <div className="flex gap-2">
                <Link
                  to={alertSearchHref(alert)}
                  aria-label={t('myAlerts.open.label', { name: alert.name })}
                  className="inline-flex min-h-11 items-center justify-center rounded-lg bg-night-900 px-4 text-sm font-semibold text-white hover:bg-night-800 md:min-h-9"
                >
                  {t('myAlerts.open')}
                </Link>
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={t('myAlerts.delete.label', { name: alert.name })}
                  onClick={() => setDeleting({ id: alert.id, name: alert.name })}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                  <span className="hidden md:inline">{t('myAlerts.delete')}</span>
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <DeleteSavedSearchDialog
        alert={deleting}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
      />
    </div>
  );
}
