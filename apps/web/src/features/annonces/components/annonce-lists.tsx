import type { AnnonceCard as AnnonceCardData } from '@app/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FilePen, Heart, Hourglass, Plus, Radio, Search, Siren, Trash2 } from 'lucide-react';
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
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState } from '@/components/ui/empty-state';
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

/** Online first, then waiting for validation, then drafts: what is working for me comes first. */
const GROUPS = [
  {
    key: 'validated',
    title: 'myAnnonce.validated',
    empty: 'myAnnonce.validated.empty',
    emptyHint: 'myAnnonce.validated.empty.hint',
    icon: Radio,
  },
  {
    key: 'toValidate',
    title: 'myAnnonce.toValidate',
    empty: 'myAnnonce.toValidate.empty',
    emptyHint: 'myAnnonce.toValidate.empty.hint',
    icon: Hourglass,
  },
  {
    key: 'annoncesDraft',
    title: 'myAnnonce.drafts',
    empty: 'myAnnonce.drafts.empty',
    emptyHint: 'myAnnonce.drafts.empty.hint',
    icon: FilePen,
  },
] as const;

/**
 * What a group's count counts, in words: "2 annonces", and for the drafts group, which also holds
 * the refused announcements, "2 brouillons · 1 refusée".
 */
export function groupCountText(
  key: (typeof GROUPS)[number]['key'],
  annonces: readonly AnnonceCardData[],
  t: (key: string, options: { count: number }) => string,
): string {
  if (key !== 'annoncesDraft') return t('myAnnonce.count.annonces', { count: annonces.length });
  const refused = annonces.filter((annonce) => annonce.status.value === 'REFUSED').length;
  const drafts = annonces.length - refused;
  const parts = [t('myAnnonce.count.drafts', { count: drafts })];
  if (refused > 0) parts.push(t('myAnnonce.count.refused', { count: refused }));
  return parts.join(' · ');
}

/**
 * /user/myAnnonce: online, waiting for validation, drafts (and refused), each with a count that
 * says what it counts; an empty group says so in a line, and without any announcement at all one
 * empty state leads to declaring a theft.
 */
export function MyAnnonces() {
  const { t } = useTranslation();
  const mine = useMyAnnonces();
  const nothing = mine.data && GROUPS.every((group) => mine.data[group.key].length === 0);
  if (nothing) {
    return (
      <EmptyState
        icon={Siren}
        title={t('myAnnonce.empty')}
        text={t('myAnnonce.empty.hint')}
        action={{ label: t('myAnnonce.create'), to: paths.annonceCreate.getHref(), icon: Plus }}
      />
    );
  }
  return (
    <div className="flex flex-col gap-8">
      {/* Once loaded: without any announcement, the empty state's button takes its place. */}
      {mine.isLoading ? (
        <Skeleton className="h-11 w-44 rounded-lg" />
      ) : (
        <Link
          to={paths.annonceCreate.getHref()}
          className={buttonClasses({ className: 'self-start' })}
        >
          <Plus aria-hidden="true" className="size-5" />
          {t('myAnnonce.create')}
        </Link>
      )}
      {GROUPS.map((group) => (
        <section
          key={group.key}
          aria-labelledby={`group-${group.key}`}
          className="flex flex-col gap-3"
        >
          <h2 id={`group-${group.key}`} className="text-lg font-semibold text-night-900">
            {t(group.title)}
            {mine.data ? (
              <>
                <span className="sr-only">, </span>
                <span className="ml-2 inline-block rounded-full bg-night-100 px-2 py-0.5 align-middle text-xs font-medium text-night-700">
                  {groupCountText(group.key, mine.data[group.key], t)}
                </span>
              </>
            ) : null}
          </h2>
          {mine.isLoading ? (
            <AnnonceCardGridLoading count={2} label={t('myAnnonce.loading')} rowOnPhone />
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
            <EmptyState
              compact
              icon={group.icon}
              title={t(group.empty)}
              text={t(group.emptyHint)}
            />
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
      <EmptyState
        icon={Heart}
        title={t('myFavorites.empty')}
        text={t('myFavorites.empty.hint')}
        action={{ label: t('myFavorites.discover'), to: paths.search.getHref(), icon: Search }}
      />
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
