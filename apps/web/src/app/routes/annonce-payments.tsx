import type { AnnonceDetail } from '@app/domain';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from '@/lib/toast';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { accountKeys } from '@/features/accounts/api/account-keys';
import { annonceKeys } from '@/features/annonces/api/annonce-keys';
import { useAnnonce } from '@/features/annonces/api/annonces';
import { AdditionalRewardPage } from '@/features/payments/components/additional-reward-page';
import { BoostPage } from '@/features/payments/components/boost-page';

function parseId(value: string | undefined): number | null {
  return value && /^\d{1,10}$/.test(value) ? Number(value) : null;
}

/**
 * The paid pages of an announcement: they read it through the announcements feature and, once a
 * payment is applied, refresh it and the user data (the payment menu entry appears with the first
 * card payment).
 */
function PaidAnnoncePage({
  titleKey,
  children,
}: {
  titleKey: string;
  children: (props: {
    annonce: AnnonceDetail;
    onApplied: () => void;
    onBack: () => void;
  }) => ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = parseId(useParams().annonceId);
  const query = useAnnonce(id);
  const showHref = id === null ? paths.myAnnonce.getHref() : paths.annonceShow.getHref(id);

  // docs/product/annonces.md §8: a failed fetch of the reward (or boost) page shows the error toast.
  useEffect(() => {
    if (!query.isError) return;
    toast.error(t('Error.title'), {
      id: 'paid-page-error',
      description: t('error.generic'),
      duration: 20_000,
      position: 'bottom-right',
    });
  }, [query.isError, t]);

  const onBack = () => {
    // §4: back one page after a success (the announcement when the page was opened directly).
    const state = window.history.state as { idx?: number } | null;
    if (state && typeof state.idx === 'number' && state.idx > 0) void navigate(-1);
    else void navigate(showHref);
  };
  const onApplied = () => {
    void queryClient.invalidateQueries({ queryKey: annonceKeys.all });
    void queryClient.invalidateQueries({ queryKey: accountKeys.currentUserData() });
  };

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4 px-4 py-6 md:py-10">
      <Link
        to={showHref}
        className="inline-flex min-h-11 items-center gap-1.5 self-start text-sm font-medium text-night-800 underline-offset-2 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('payments.back')}
      </Link>
      <h1 className="text-2xl font-bold text-night-900">{t(titleKey)}</h1>
      {id === null || query.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t('payments.annonce.error')}
        </p>
      ) : query.isPending ? (
        <div role="status" aria-label={t('payments.loading')} className="flex flex-col gap-3">
          <Skeleton className="h-6 w-2/3" />
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
      ) : (
        <>
          <p className="text-base font-medium text-night-800">{query.data.annonceName}</p>
          {children({ annonce: query.data, onApplied, onBack })}
        </>
      )}
    </div>
  );
}

/** /annonce/additionnalReward/:annonceId. */
export function AnnonceAdditionnalRewardRoute() {
  return (
    <PaidAnnoncePage titleKey="page.annonceAdditionnalReward.title">
      {(props) => <AdditionalRewardPage key={props.annonce.id} {...props} />}
    </PaidAnnoncePage>
  );
}

/** /annonce/boost/:annonceId. */
export function AnnonceBoostRoute() {
  return (
    <PaidAnnoncePage titleKey="page.annonceBoost.title">
      {(props) => <BoostPage key={props.annonce.id} {...props} />}
    </PaidAnnoncePage>
  );
}
