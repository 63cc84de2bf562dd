import { maskIdentifier, type AnnonceCard as AnnonceCardData } from '@app/domain';
import { Bike, Car, MapPin, Rocket } from 'lucide-react';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { ResponsivePhoto } from '@/components/responsive-photo/responsive-photo';
import { CARD_PHOTO_SIZES, ROW_PHOTO_SIZES } from './card-photo-sizes';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { EARLY_PHOTO_SLOT_ATTRIBUTE } from '@/lib/early-screen';
import { FavoriteButton } from './favorite-button';
import { RewardStars } from './reward-stars';

/** A boost is shown while now is not after its end date (docs/product/annonces.md §4 "Boost"). */
export function isBoostVisible(boostEndDate: string | null, now: Date = new Date()): boolean {
  if (!boostEndDate) return false;
  const end = Date.parse(boostEndDate);
  return Number.isFinite(end) && now.getTime() <= end;
}

/** The identifier a card shows, masked (§5 "Masking"); null when the announcement has none. */
export function cardIdentifier(annonce: AnnonceCardData): string | null {
  return maskIdentifier(
    annonce.licensePlate ?? annonce.vin ?? annonce.bicycode ?? annonce.serialNumber,
  );
}

export function AnnoncePhotoPlaceholder({
  bicycle,
  className,
}: {
  bicycle?: boolean;
  className?: string;
}) {
  const Icon = bicycle ? Bike : Car;
  return (
    <div
      className={cn('flex items-center justify-center bg-night-100 text-night-300', className)}
      aria-hidden="true"
    >
      <Icon className="size-12" />
    </div>
  );
}

function StatusLine({ annonce }: { annonce: AnnonceCardData }) {
  const { t } = useTranslation();
  if (!annonce.isMine) return null;
  if (annonce.askedToBeDeleted) {
    return <p className="text-sm font-medium text-night-700">{t('annonceCard.deletionAsked')}</p>;
  }
  switch (annonce.status.value) {
    case 'DRAFT':
      return (
        <Link
          to={paths.annonceCreate.getHref({ annonceId: annonce.id })}
          className="relative z-10 text-sm font-semibold text-night-900 underline underline-offset-2"
        >
          {t('annonceCard.editDraft')}
        </Link>
      );
    case 'REFUSED':
      return (
        <p className="text-sm font-medium text-red-700">
          {t('annonceCard.refused')}
          {annonce.commentaire ? ` : ${annonce.commentaire}` : ''}
        </p>
      );
    case 'TO_VALIDATE':
      return <p className="text-sm font-medium text-amber-800">{t('annonceCard.toValidate')}</p>;
    default:
      return null;
  }
}

/**
 * THE announcement card (docs/product/annonces.md §2 "Annonce card"), for every list: first photo or a
 * placeholder, boost icon while the boost lasts, reward stars, name, masked identifier, place,
 * favourite heart (others' announcements) and the owner's status line. The whole card opens the
 * detail page; the heart and the draft link stay separately clickable above that link.
 */

/**
 * Where a list's first photo is (-1 when none has one): that card's photo is the screen's largest
 * paint, so it is fetched first; a first card without a photo must not leave every photo lazy.
 */
export function firstPhotoPosition(annonces: readonly AnnonceCardData[]): number {
  return annonces.findIndex((annonce) => annonce.vehicleFiles.length > 0);
}

/**
 * A screen draws its lists again each time one of its states changes (a filter chosen, the filters
 * sheet opened or closed, a key pressed): a card whose announcement is the same object (the queries
 * keep unchanged answers' objects) is not drawn again. Opening and closing the search's filters
 * drew its twelve cards twice over, on a phone's slow CPU, in the way of the tap's answer.
 */
export const AnnonceCard = memo(function AnnonceCard({
  annonce,
  onFavoriteChange,
  headingLevel = 3,
  footer,
  priority = false,
  rowOnPhone = false,
}: {
  annonce: AnnonceCardData;
  onFavoriteChange?: (annonceId: number, favorite: boolean) => void;
  headingLevel?: 2 | 3 | 4;
  /** Extra content under the card body (e.g. a list's own action). */
  footer?: ReactNode;
  /** The first photo of a screen's first list (firstPhotoPosition): the largest paint, not lazy. */
  priority?: boolean;
  /**
   * Below 768 px, a row (thumbnail beside the text) instead of a tall card: in the long lists
   * (search, top) several results show above the fold, as in the consumer apps people know.
   */
  rowOnPhone?: boolean;
}) {
  const { t } = useTranslation();
  const Heading = `h${headingLevel}` as const;
  const photo = annonce.vehicleFiles[0];
  const identifier = cardIdentifier(annonce);
  const place = [annonce.address, annonce.departement ? `(${annonce.departement})` : null]
    .filter(Boolean)
    .join(' ');
  const bicycle = annonce.vehicleType?.code === 'BICYCLE' || annonce.vehicleType?.hasBicycode;
  return (
    <article
      className={cn(
        'relative flex flex-col overflow-hidden rounded-xl border border-night-100 bg-white shadow-sm transition-shadow focus-within:ring-3 focus-within:ring-lantern-500 hover:shadow-md',
        rowOnPhone && 'max-md:flex-row',
      )}
      aria-labelledby={`annonce-card-${annonce.id}`}
    >
      {/* In a row the heart and the boost stand at the card's corners, not the thumbnail's. */}
      <div
        className={cn(
          'relative aspect-[4/3] w-full',
          rowOnPhone &&
            'max-md:static max-md:aspect-auto max-md:min-h-28 max-md:w-28 max-md:shrink-0 max-md:self-stretch',
        )}
      >
        {photo ? (
          <ResponsivePhoto
            photo={photo}
            sizes={rowOnPhone ? ROW_PHOTO_SIZES : CARD_PHOTO_SIZES}
            priority={priority}
            className="size-full object-cover"
          />
        ) : (
          <AnnoncePhotoPlaceholder bicycle={Boolean(bicycle)} className="size-full" />
        )}
        {isBoostVisible(annonce.boostEndDate) ? (
          <span
            className={cn(
              'absolute top-2 left-2 inline-flex items-center gap-1 rounded-full bg-lantern-500 px-2 py-1 text-xs font-semibold text-night-900',
              rowOnPhone && 'max-md:top-1.5 max-md:left-1.5 max-md:px-1.5 max-md:py-0.5',
            )}
          >
            <Rocket aria-hidden="true" className="size-3.5" />
            {t('annonceCard.boosted')}
          </span>
        ) : null}
        {!annonce.isMine ? (
          <FavoriteButton
            annonceId={annonce.id}
            initial={annonce.annonceFavorite}
            onChange={onFavoriteChange}
            className="absolute top-2 right-2 z-10"
          />
        ) : null}
      </div>
      <div
        className={cn(
          'flex flex-1 flex-col gap-1.5 p-3',
          rowOnPhone && 'max-md:min-w-0 max-md:gap-1 max-md:py-2',
          // Room for the heart in the card's corner.
          rowOnPhone && !annonce.isMine && 'max-md:pr-12',
        )}
      >
        <RewardStars level={annonce.additionnalRewardLevel} />
        <Heading
          id={`annonce-card-${annonce.id}`}
          className="text-base font-semibold text-night-900"
        >
          <Link
            to={paths.annonceShow.getHref(annonce.id)}
            className="after:absolute after:inset-0 focus-visible:outline-none"
          >
            {annonce.title}
          </Link>
        </Heading>
        <p className="font-mono text-sm text-night-700">
          {identifier ?? t('annonceCard.notProvided')}
        </p>
        {place ? (
          <p className="flex items-center gap-1 text-sm text-slate-600">
            <MapPin aria-hidden="true" className="size-4 shrink-0" />
            <span className="truncate">{place}</span>
          </p>
        ) : null}
        <StatusLine annonce={annonce} />
        {footer ? <div className="relative z-10 mt-auto pt-1">{footer}</div> : null}
      </div>
    </article>
  );
});

/**
 * The card's loading shape, line for line the height of a real card (stars, name, identifier,
 * place), so that nothing moves when the cards arrive; a row on a phone where the list shows rows.
 */
export function AnnonceCardSkeleton({ rowOnPhone = false }: { rowOnPhone?: boolean }) {
  return (
    <div
      className={cn(
        'flex flex-col overflow-hidden rounded-xl border border-night-100 bg-white',
        rowOnPhone && 'max-md:flex-row',
      )}
      aria-hidden="true"
      data-testid="annonce-card-skeleton"
    >
      {/* The early home and search (lib/early-screen.ts) put the first photo in this box before the
          app runs. */}
      <Skeleton
        {...{ [EARLY_PHOTO_SLOT_ATTRIBUTE]: '' }}
        className={cn(
          'aspect-[4/3] w-full rounded-none',
          rowOnPhone && 'max-md:aspect-auto max-md:min-h-28 max-md:w-28 max-md:shrink-0',
        )}
      />
      <div
        className={cn(
          'flex flex-1 flex-col gap-1.5 p-3',
          rowOnPhone && 'max-md:min-w-0 max-md:gap-1 max-md:py-2',
        )}
      >
        <Skeleton className="h-4 w-24" />
        <Skeleton className="h-6 w-3/4" />
        <Skeleton className="h-5 w-1/2" />
        <Skeleton className="h-5 w-2/3" />
      </div>
    </div>
  );
}

/** 1, 2 or 3 cards per row by screen width (docs/product/annonces.md §9; desktop from 768 px). */
export function AnnonceCardGrid({
  children,
  className,
  label,
}: {
  children: ReactNode;
  className?: string;
  label?: string;
}) {
  return (
    <ul
      aria-label={label}
      className={cn('grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3', className)}
    >
      {children}
    </ul>
  );
}

/**
 * A grid of placeholder cards while a list loads, in the shape of the list that replaces it:
 * `rowOnPhone` as the list's cards have it.
 */
export function AnnonceCardGridLoading({
  count = 3,
  label,
  rowOnPhone = false,
}: {
  count?: number;
  label: string;
  rowOnPhone?: boolean;
}) {
  return (
    <div role="status" aria-label={label} className="pulse-group">
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: count }, (_, index) => (
          <AnnonceCardSkeleton key={index} rowOnPhone={rowOnPhone} />
        ))}
      </div>
    </div>
  );
}
