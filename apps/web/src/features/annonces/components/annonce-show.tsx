import {
  frenchRelativeTime,
  isBoostActive,
  relativeTimeParts,
  VIEW_COUNT_DISPLAY_THRESHOLD,
  type AnnonceDetail,
} from '@app/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Eye, Pencil, Search, Share2, Sparkles, Trash2 } from 'lucide-react';
import {
  lazy,
  Suspense,
  useDeferredValue,
  useId,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { FavoriteButton } from '@/components/annonce-card/favorite-button';
import { RewardStars } from '@/components/annonce-card/reward-stars';
import { Button, buttonClasses } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { EARLY_PHOTO_SLOT_ATTRIBUTE } from '@/lib/early-screen';
import { useMarkFirstContent } from '@/lib/first-screen';
import { annonceKeys } from '../api/annonce-keys';
import { askToDelete, deleteDraft, useAnnonce } from '../api/annonces';
import { FoundButton } from './found/found-dialog';
import { AnnonceFlyerButton } from './annonce-flyer-button';
import { CompletionNotice, missingOf } from './add-documents';
import { Gallery } from './gallery';
import { OfficialChecks } from './official-checks';
import { ShareDialog } from './share-dialog';

const AnnonceMap = lazy(() => import('./annonce-map'));

const DELETED_TOAST_MS = 4_000;
const ERROR_TOAST_MS = 4_000;

/** §9: "N vues" above 122 views, otherwise the "new announcement" label. */
export function viewsLabelKey(nbViews: number): 'annonceShow.views' | 'annonceShow.new' {
  return nbViews > VIEW_COUNT_DISPLAY_THRESHOLD ? 'annonceShow.views' : 'annonceShow.new';
}

const EN_UNITS = {
  second: 'second',
  minute: 'minute',
  hour: 'hour',
  day: 'day',
  month: 'month',
  year: 'year',
} as const;

/** French from the domain (§9); English from the same units. */
export function relativeDate(date: string, now: Date, language: string): string {
  const when = new Date(date);
  if (language !== 'en') return frenchRelativeTime(when, now);
  const { unit, count } = relativeTimeParts(when, now);
  if (unit === 'now') return 'just now';
  return new Intl.RelativeTimeFormat('en', { numeric: 'always' }).format(-count, EN_UNITS[unit]);
}

const STATUS_BANNERS: Partial<Record<string, { key: string; tone: string }>> = {
  DRAFT: { key: 'annonceShow.banner.DRAFT', tone: 'bg-night-100 text-night-900' },
  TO_VALIDATE: { key: 'annonceShow.banner.TO_VALIDATE', tone: 'bg-amber-50 text-amber-900' },
  VALIDATED: { key: 'annonceShow.banner.VALIDATED', tone: 'bg-green-50 text-green-900' },
  REFUSED: { key: 'annonceShow.banner.REFUSED', tone: 'bg-red-50 text-red-900' },
  FINISHED: { key: 'annonceShow.banner.FINISHED', tone: 'bg-green-50 text-green-900' },
  MATCH_TO_VALIDATE: {
    key: 'annonceShow.banner.MATCH_TO_VALIDATE',
    tone: 'bg-amber-50 text-amber-900',
  },
  POLICE_VERIFICATION: {
    key: 'annonceShow.banner.POLICE_VERIFICATION',
    tone: 'bg-night-100 text-night-900',
  },
  POLICE_WATCH: { key: 'annonceShow.banner.POLICE_WATCH', tone: 'bg-night-100 text-night-900' },
  POLICE_RELAUNCH: {
    key: 'annonceShow.banner.POLICE_RELAUNCH',
    tone: 'bg-night-100 text-night-900',
  },
};

function InfoRow({ label, value }: { label: string; value: ReactNode }) {
  if (value === null || value === undefined || value === '') return null;
  return (
    <div className="flex justify-between gap-4 py-2 text-sm">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right font-medium break-all text-night-900">{value}</dd>
    </div>
  );
}

function VehicleInfo({ annonce }: { annonce: AnnonceDetail }) {
  const { t } = useTranslation();
  const vehicle = annonce.vehicle;
  return (
    <dl className="divide-y divide-night-100 rounded-xl border border-night-100 bg-white px-4">
      <InfoRow label={t('annonceShow.info.type')} value={vehicle.vehicleType?.name} />
      <InfoRow label={t('annonceShow.info.brand')} value={vehicle.brand?.name} />
      <InfoRow label={t('annonceShow.info.model')} value={vehicle.model?.name} />
      <InfoRow label={t('annonceShow.info.finish')} value={vehicle.modelFinish?.name} />
      <InfoRow label={t('wizard.licensePlate')} value={vehicle.licensePlate} />
      <InfoRow label={t('wizard.vin')} value={vehicle.vin} />
      <InfoRow label={t('wizard.bicycode')} value={vehicle.bicycode} />
      <InfoRow label={t('wizard.serialNumber')} value={vehicle.serialNumber} />
      <InfoRow label={t('wizard.color')} value={vehicle.color?.text} />
      <InfoRow label={t('wizard.energy')} value={vehicle.energy?.text} />
      <InfoRow label={t('wizard.fiscalPower')} value={vehicle.fiscalPower} />
      <InfoRow
        label={t('annonceShow.info.engraving')}
        value={
          vehicle.vehicleType?.hasWindowEngraving
            ? t(vehicle.hasWindowEngraving ? 'wizard.yes' : 'wizard.no')
            : null
        }
      />
      <InfoRow label={t('annonceShow.info.place')} value={vehicle.theftPosition.address} />
    </dl>
  );
}

function Documents({ annonce }: { annonce: AnnonceDetail }) {
  const { t } = useTranslation();
  const documents = [
    ['wizard.carteGriseFile', annonce.vehicle.carteGriseFile],
    ['wizard.plainteFile', annonce.vehicle.depotPlainteFile],
    ['wizard.assuranceFile', annonce.assuranceFile],
    ['wizard.owner.identityRecto', annonce.vehicle.identityRectoFile],
    ['wizard.owner.identityVerso', annonce.vehicle.identityVersoFile],
  ] as const;
  const present = documents.filter(([, file]) => file !== null);
  if (!annonce.isMine)
    return <p className="text-sm text-night-700">{t('annonceShow.documents.private')}</p>;
  if (present.length === 0)
    return <p className="text-sm text-night-700">{t('annonceShow.documents.none')}</p>;
  return (
    <ul className="flex flex-col gap-2">
      {present.map(([label, file]) => (
        <li key={label}>
          <a
            href={file?.fileUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="text-sm font-semibold underline"
          >
            {t(label)}
          </a>
        </li>
      ))}
    </ul>
  );
}

const TABS = [
  { id: 'details', label: 'annonceShow.tab.details' },
  { id: 'documents', label: 'annonceShow.tab.documents' },
  { id: 'information', label: 'annonceShow.tab.information' },
  { id: 'positions', label: 'annonceShow.tab.positions' },
  { id: 'superWatchers', label: 'annonceShow.tab.superWatchers' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/** WAI-ARIA tabs: arrows move between tabs, only the active one is in the tab order. */
function Tabs({ panels }: { panels: Record<TabId, ReactNode> }) {
  const { t } = useTranslation();
  const base = useId();
  const [active, setActive] = useState<TabId>('details');
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = TABS.findIndex((tab) => tab.id === active);
    const delta = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!delta) return;
    event.preventDefault();
    const next = TABS[(index + delta + TABS.length) % TABS.length]!;
    setActive(next.id);
    document.getElementById(`${base}-tab-${next.id}`)?.focus();
  };
  return (
    <div>
      <div
        role="tablist"
        aria-label={t('annonceShow.tabs')}
        className="flex gap-1 overflow-x-auto border-b border-night-100"
      >
        {TABS.map((tab) => (
          <button
            key={tab.id}
            id={`${base}-tab-${tab.id}`}
            type="button"
            role="tab"
            aria-selected={active === tab.id}
            aria-controls={`${base}-panel-${tab.id}`}
            tabIndex={active === tab.id ? 0 : -1}
            onClick={() => setActive(tab.id)}
            onKeyDown={onKeyDown}
            className={cn(
              'min-h-11 shrink-0 border-b-2 px-3 text-sm font-semibold whitespace-nowrap',
              active === tab.id
                ? 'border-lantern-500 text-night-900'
                : 'border-transparent text-slate-600',
            )}
          >
            {t(tab.label)}
          </button>
        ))}
      </div>
      {TABS.map((tab) => (
        <div
          key={tab.id}
          id={`${base}-panel-${tab.id}`}
          role="tabpanel"
          aria-labelledby={`${base}-tab-${tab.id}`}
          hidden={active !== tab.id}
          tabIndex={0}
          className="pt-4"
        >
          {active === tab.id ? panels[tab.id] : null}
        </div>
      ))}
    </div>
  );
}

function ReasonRefusedDialog({
  annonce,
  open,
  onOpenChange,
}: {
  annonce: AnnonceDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const reasons = annonce.reasonRefused;
  const checks = reasons
    ? ([
        ['annonceShow.refused.identity', reasons.identityValidated],
        ['annonceShow.refused.carteGrise', reasons.carteGriseValidated],
        ['annonceShow.refused.plainte', reasons.plainteValidated],
        ['annonceShow.refused.details', reasons.detailsValidated],
        ['annonceShow.refused.photos', reasons.photosValidated],
      ] as const)
    : [];
  const comment = reasons?.commentaire ?? annonce.commentaire;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t('annonceShow.refused.title')}>
        {checks.filter(([, ok]) => !ok).length > 0 ? (
          <ul className="mb-3 list-disc pl-5 text-sm">
            {checks
              .filter(([, ok]) => !ok)
              .map(([key]) => (
                <li key={key}>{t(key)}</li>
              ))}
          </ul>
        ) : null}
        <p className="text-sm text-night-700">{comment || t('annonceShow.refused.noComment')}</p>
      </DialogContent>
    </Dialog>
  );
}

/** Owner actions: edit, delete (drafts at once, others by request), boost and reward links. */
function OwnerActions({ annonce }: { annonce: AnnonceDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [alreadyAsked, setAlreadyAsked] = useState(false);
  const isDraft = annonce.status.value === 'DRAFT';
  const deletion = useMutation({
    mutationFn: async () => {
      if (isDraft) {
        await deleteDraft(annonce.id);
        return { alreadyAsked: false };
      }
      return await askToDelete(annonce.id);
    },
    onSuccess: (answer) => {
      setConfirming(false);
      void queryClient.invalidateQueries({ queryKey: annonceKeys.all });
      if (answer.alreadyAsked) {
        setAlreadyAsked(true);
        return;
      }
      toast.success(t('Annonce.deleted'), { duration: DELETED_TOAST_MS });
      // §4: the detail page sends the user back one page (my announcements when there is none).
      if (
        window.history.state &&
        typeof window.history.state.idx === 'number' &&
        window.history.state.idx > 0
      ) {
        navigate(-1);
      } else {
        navigate(paths.myAnnonce.getHref());
      }
    },
    onError: (error) => {
      setConfirming(false);
      toast.error(t('Error.title'), {
        description: t(error instanceof ApiError ? error.messageKey : 'error.generic'),
        duration: ERROR_TOAST_MS,
        position: 'bottom-right',
      });
    },
  });
  const editHref =
    annonce.status.value === 'DRAFT'
      ? paths.annonceCreate.getHref({ annonceId: annonce.id })
      : paths.annonceEdit.getHref(annonce.id);
  const boostActive = isBoostActive(
    annonce.boostEndDate ? new Date(annonce.boostEndDate) : null,
    new Date(),
  );
  return (
    <>
      {annonce.canEdit ? (
        <Link to={editHref} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
          <Pencil aria-hidden="true" className="size-4" />
          {t('annonceShow.edit')}
        </Link>
      ) : null}
      <Button
        variant="secondary"
        size="sm"
        onClick={() => (annonce.askedToBeDeleted ? setAlreadyAsked(true) : setConfirming(true))}
      >
        <Trash2 aria-hidden="true" className="size-4 text-red-700" />
        {t('annonceShow.delete')}
      </Button>
      {annonce.status.value === 'VALIDATED' ? (
        <>
          {!boostActive ? (
            <Link
              to={paths.annonceBoost.getHref(annonce.id)}
              className={buttonClasses({ variant: 'secondary', size: 'sm' })}
            >
              {t('annonceShow.boost')}
            </Link>
          ) : null}
          <Link
            to={paths.annonceAdditionnalReward.getHref(annonce.id)}
            className={buttonClasses({ variant: 'secondary', size: 'sm' })}
          >
            {t('annonceShow.reward')}
          </Link>
        </>
      ) : null}
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent
          title={t('annonceShow.delete.title')}
          description={t(isDraft ? 'annonceShow.delete.draft' : 'annonceShow.delete.published')}
        >
          <div className="flex flex-col gap-2 md:flex-row md:justify-end">
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t('wizard.cancel')}
            </Button>
            <Button variant="dark" disabled={deletion.isPending} onClick={() => deletion.mutate()}>
              {t(isDraft ? 'annonceShow.delete.confirm' : 'annonceShow.delete.ask')}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
      <Dialog open={alreadyAsked} onOpenChange={setAlreadyAsked}>
        <DialogContent title={t('annonceShow.delete.alreadyAsked.title')}>
          <p className="text-sm text-night-700">{t('annonceShow.delete.alreadyAsked')}</p>
        </DialogContent>
      </Dialog>
    </>
  );
}

/** /annonce/show/:annonceId (docs/product/annonces.md §2 "Detail page"). */
export function AnnonceShow({ annonceId }: { annonceId: number | null }) {
  const { t, i18n } = useTranslation();
  const query = useAnnonce(annonceId);
  const [sharing, setSharing] = useState(false);
  const [reasons, setReasons] = useState(false);
  // The page is drawn at a lower priority than the answer's arrival: the answer comes through
  // the query cache's store, whose updates React draws in one blocking task (95 ms at a phone's
  // speed, issue 17: Total Blocking Time); deferred, it is drawn in short slices and the
  // skeleton stays meanwhile. Another announcement's page is never shown for this one's.
  const deferred = useDeferredValue(query.data);
  const annonce = deferred?.id === annonceId ? deferred : undefined;
  useMarkFirstContent(annonceId === null || query.isError || annonce !== undefined);
  if (annonceId === null || query.isError) {
    return (
      <div className="flex flex-col items-start gap-3 rounded-xl bg-white p-6">
        <h1 className="text-2xl font-bold text-night-900">{t('page.annonceShow.title')}</h1>
        <p role="alert">{t('annonceShow.notFound')}</p>
        <Link to={paths.home.getHref()} className={buttonClasses({ variant: 'secondary' })}>
          {t('annonceShow.backHome')}
        </Link>
      </div>
    );
  }
  if (!annonce) {
    return (
      // A screen high at least, like the page that replaces it: the footer below never shows
      // during the load only to be pushed away when the announcement arrives (a layout shift).
      <div
        role="status"
        aria-label={t('wizard.loading')}
        className="pulse-group flex min-h-dvh flex-col gap-4"
      >
        <h1 className="sr-only">{t('page.annonceShow.title')}</h1>
        {/* The early announcement (lib/early-screen.ts) puts the gallery's first photo here. */}
        <Skeleton
          className="aspect-[4/3] w-full overflow-hidden rounded-xl md:aspect-[16/7]"
          {...{ [EARLY_PHOTO_SLOT_ATTRIBUTE]: '' }}
        />
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  const banner = annonce.isMine ? STATUS_BANNERS[annonce.status.value] : undefined;
  const position = annonce.vehicle.theftPosition;
  const lastSighting = annonce.vehicle.positions.lastConfirmedPositionForInvalidMatch;
  return (
    <article className="flex flex-col gap-5" aria-labelledby="annonce-title">
      {banner ? (
        <div
          className={cn(
            'flex flex-wrap items-center justify-between gap-2 rounded-xl p-3 text-sm font-medium',
            banner.tone,
          )}
        >
          <span>
            {t(banner.key)}
            {annonce.askedToBeDeleted ? ` · ${t('annonceCard.deletionAsked')}` : ''}
          </span>
          {annonce.status.value === 'REFUSED' ? (
            <Button variant="secondary" size="sm" onClick={() => setReasons(true)}>
              {t('annonceShow.refused.see')}
            </Button>
          ) : null}
        </div>
      ) : null}
      {annonce.isMine && annonce.completionDeadline ? (
        <CompletionNotice
          annonceId={annonce.id}
          deadline={annonce.completionDeadline}
          missingLabel={missingOf(annonce)
            .map((field) =>
              t(
                field === 'carteGriseFile'
                  ? 'completion.field.carteGrise'
                  : 'completion.field.plainte',
              ),
            )
            .join(t('completion.and'))}
        />
      ) : null}
      <Gallery images={annonce.vehicle.vehicleImages} />
      <div className="flex flex-col gap-2">
        <div className="flex items-start justify-between gap-3">
          <h1 id="annonce-title" className="text-2xl font-bold text-night-900 md:text-3xl">
            {annonce.annonceName}
          </h1>
          {!annonce.isMine ? (
            <FavoriteButton
              annonceId={annonce.id}
              initial={annonce.annonceFavorite}
              className="border border-night-100"
            />
          ) : null}
        </div>
        <RewardStars level={annonce.additionnalRewardLevel} />
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
          <span>{relativeDate(annonce.date, new Date(), i18n.language)}</span>
          {/* The eye goes with a number of views; "Nouvelle annonce" is news, not an action. */}
          <span className="inline-flex items-center gap-1">
            {viewsLabelKey(annonce.nbViews) === 'annonceShow.views' ? (
              <Eye aria-hidden="true" className="size-4" />
            ) : (
              <Sparkles aria-hidden="true" className="size-4 text-lantern-700" />
            )}
            {t(viewsLabelKey(annonce.nbViews), { count: annonce.nbViews })}
          </span>
          {position.city ? <span>{position.city}</span> : null}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {/* A watcher's one action comes first, across the phone's width; sharing follows. */}
        {!annonce.isMine ? (
          <Link
            to={paths.verifyMatch.getHref({ annonceId: annonce.id })}
            className={buttonClasses({ size: 'sm', className: 'max-md:w-full' })}
          >
            <Search aria-hidden="true" className="size-4" />
            {t('annonceShow.tryMatch')}
          </Link>
        ) : null}
        {/* On a phone each action takes the width, so the stack reads as one aligned column. */}
        <Button
          variant="secondary"
          size="sm"
          className="max-md:w-full"
          onClick={() => setSharing(true)}
        >
          <Share2 aria-hidden="true" className="size-4" />
          {t('annonceShow.share')}
        </Button>
        <AnnonceFlyerButton annonce={annonce} />
        {annonce.isMine ? (
          <>
            <OwnerActions annonce={annonce} />
            <FoundButton annonceId={annonce.id} status={annonce.status.value} />
          </>
        ) : null}
      </div>
      <Tabs
        panels={{
          details: (
            <div className="flex flex-col gap-3">
              {annonce.description ? (
                <section>
                  <h2 className="mb-1 text-base font-semibold">{t('wizard.annonceDescription')}</h2>
                  <p className="text-sm whitespace-pre-line text-night-800">
                    {annonce.description}
                  </p>
                </section>
              ) : null}
              {annonce.vehicle.description ? (
                <section>
                  <h2 className="mb-1 text-base font-semibold">{t('wizard.vehicleDescription')}</h2>
                  <p className="text-sm whitespace-pre-line text-night-800">
                    {annonce.vehicle.description}
                  </p>
                </section>
              ) : null}
              {!annonce.description && !annonce.vehicle.description ? (
                <p className="text-sm text-night-700">{t('annonceShow.details.none')}</p>
              ) : null}
            </div>
          ),
          documents: <Documents annonce={annonce} />,
          information: <VehicleInfo annonce={annonce} />,
          positions:
            position.latitude !== null && position.longitude !== null ? (
              <Suspense fallback={<Skeleton className="h-72 w-full" />}>
                <AnnonceMap
                  latitude={position.latitude}
                  longitude={position.longitude}
                  sighting={lastSighting}
                />
                <p className="mt-2 text-xs text-slate-600">{t('annonceShow.map.zone')}</p>
                {lastSighting ? (
                  <p className="mt-1 text-sm text-night-800" data-testid="last-sighting">
                    {t('annonceShow.map.lastSeenOn', {
                      date: relativeDate(lastSighting.date, new Date(), i18n.language),
                    })}
                    {lastSighting.address ? ` — ${lastSighting.address}` : ''}
                  </p>
                ) : null}
              </Suspense>
            ) : (
              <p className="text-sm text-night-700">{t('annonceShow.map.none')}</p>
            ),
          superWatchers: (
            <p className="text-sm text-night-700">{t('annonceShow.superWatchers.none')}</p>
          ),
        }}
      />
      <OfficialChecks annonce={annonce} />
      <ShareDialog
        open={sharing}
        onOpenChange={setSharing}
        annonceId={annonce.id}
        title={annonce.annonceName}
      />
      <ReasonRefusedDialog annonce={annonce} open={reasons} onOpenChange={setReasons} />
    </article>
  );
}
