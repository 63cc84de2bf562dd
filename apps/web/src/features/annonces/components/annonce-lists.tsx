import type { AnnonceCard as AnnonceCardData } from '@app/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Heart, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  AnnonceCard,
  AnnonceCardGrid,
  AnnonceCardGridLoading,
} from '@/components/annonce-card/annonce-card';
import { Button, buttonClasses } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { paths } from '@/config/paths';
import { annonceKeys } from '../api/annonce-keys';
import { toast } from '@/lib/toast';
import { ApiError } from '@/lib/api-client';
import { deleteDraft, useMyAnnonces, useMyFavorites } from '../api/annonces';
import { CompletionNotice } from './add-documents';
import { FoundButton } from './found/found-dialog';
import { forgetWizardDraft } from './wizard/wizard-storage';

function CardList({
  annonces,
  label,
  withFound = false,
}: {
  annonces: AnnonceCardData[];
  label: string;
  withFound?: boolean;
}) {
  return (
    <AnnonceCardGrid label={label}>
      {annonces.map((annonce) => (
        <li key={annonce.id} className="flex flex-col gap-2">
          <AnnonceCard annonce={annonce} rowOnPhone />
          <OwnerCardActions annonce={annonce} />
          {withFound ? (
            <FoundButton annonceId={annonce.id} status={annonce.status.value} className="w-full" />
          ) : null}
        </li>
      ))}
    </AnnonceCardGrid>
  );
}

/**
 * Under each of my cards, what I can do from here: add the missing papers while the deadline
 * runs (docs/product/founders-decisions.md), or delete a draft (with a confirmation).
 */
function OwnerCardActions({ annonce }: { annonce: AnnonceCardData }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [confirm, setConfirm] = useState(false);
  const removal = useMutation({
    mutationFn: () => deleteDraft(annonce.id),
    onSuccess: async () => {
      forgetWizardDraft(annonce.id);
      setConfirm(false);
      toast.success(t('myAnnonce.draft.deleted'), { duration: 4_000 });
      await queryClient.invalidateQueries({ queryKey: annonceKeys.all });
    },
    onError: (error) => {
      setConfirm(false);
      toast.error(t('Error.title'), {
        description: t(error instanceof ApiError ? error.messageKey : 'error.generic'),
        duration: 4_000,
      });
    },
  });
  if (annonce.completionDeadline) {
    return <CompletionNotice annonceId={annonce.id} deadline={annonce.completionDeadline} />;
  }
  if (annonce.status.value !== 'DRAFT') return null;
  const title = annonce.title || t('myAnnonce.draft.untitled');
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className="self-start text-red-700"
        aria-label={t('myAnnonce.draft.delete.named', { title })}
        onClick={() => setConfirm(true)}
      >
        <Trash2 aria-hidden="true" className="size-4" />
        {t('myAnnonce.draft.delete')}
      </Button>
      <Dialog open={confirm} onOpenChange={setConfirm}>
        <DialogContent
          title={t('myAnnonce.draft.delete.title')}
          description={t('myAnnonce.draft.delete.text', { title })}
        >
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setConfirm(false)}>
              {t('myAnnonce.draft.delete.keep')}
            </Button>
            <Button variant="dark" disabled={removal.isPending} onClick={() => removal.mutate()}>
              {t('myAnnonce.draft.delete.confirm')}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}

const GROUPS = [
  { key: 'annoncesDraft', title: 'myAnnonce.drafts', empty: 'myAnnonce.drafts.empty' },
  { key: 'toValidate', title: 'myAnnonce.toValidate', empty: 'myAnnonce.toValidate.empty' },
  { key: 'validated', title: 'myAnnonce.validated', empty: 'myAnnonce.validated.empty' },
] as const;

/** /user/myAnnonce: drafts (and refused), in validation, validated; each with its empty text. */
export function MyAnnonces() {
  const { t } = useTranslation();
  const mine = useMyAnnonces();
  return (
    <div className="flex flex-col gap-8">
      <Link
        to={paths.annonceCreate.getHref()}
        className={buttonClasses({ className: 'self-start' })}
      >
        {t('myAnnonce.create')}
      </Link>
      {GROUPS.map((group) => (
        <section
          key={group.key}
          aria-labelledby={`group-${group.key}`}
          className="flex flex-col gap-3"
        >
          <h2 id={`group-${group.key}`} className="text-lg font-semibold text-night-900">
            {t(group.title)}
            {mine.data ? (
              <span className="ml-2 text-sm font-normal text-slate-600">
                ({mine.data[group.key].length})
              </span>
            ) : null}
          </h2>
          {mine.isLoading ? (
            <AnnonceCardGridLoading count={2} label={t('myAnnonce.loading')} />
          ) : mine.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {t('myAnnonce.error')}
            </p>
          ) : mine.data && mine.data[group.key].length > 0 ? (
            <CardList
              annonces={mine.data[group.key]}
              label={t(group.title)}
              withFound={group.key !== 'annoncesDraft'}
            />
          ) : (
            <p className="rounded-xl bg-white p-4 text-sm text-night-700">{t(group.empty)}</p>
          )}
        </section>
      ))}
    </div>
  );
}

/** /user/myFavorites: placeholder cards while loading, an empty state, unfavouring removes the card. */
export function MyFavorites() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const favorites = useMyFavorites();
  if (favorites.isLoading)
    return <AnnonceCardGridLoading count={3} label={t('myFavorites.loading')} />;
  if (favorites.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {t('myAnnonce.error')}
      </p>
    );
  }
  const list = favorites.data ?? [];
  if (list.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-xl bg-white p-8 text-center">
        <Heart aria-hidden="true" className="size-10 text-night-300" />
        <p className="text-night-700">{t('myFavorites.empty')}</p>
        <Link to={paths.home.getHref()} className={buttonClasses({ variant: 'secondary' })}>
          {t('myFavorites.discover')}
        </Link>
      </div>
    );
  }
  return (
    <AnnonceCardGrid label={t('page.myFavorites.title')}>
      {list.map((annonce) => (
        <li key={annonce.id}>
          <AnnonceCard
            annonce={annonce}
            onFavoriteChange={(_id, favorite) => {
              if (!favorite)
                void queryClient.invalidateQueries({ queryKey: annonceKeys.favorites() });
            }}
          />
        </li>
      ))}
    </AnnonceCardGrid>
  );
}
