import type { MatchListItem, MatchShow as MatchShowData, UserInfoMatches } from '@app/domain';
import {
  CalendarCheck,
  CircleSlash,
  Coins,
  Flame,
  HandHeart,
  ImageOff,
  MapPin,
  ScanSearch,
  Star,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useColors } from '@/lib/catalog-queries';
import { useMatchShow, useMyMatches } from '../api/matches-api';

const GROUPS = [
  {
    key: 'currentMatches',
    titleKey: 'match.list.current',
    emptyKey: 'match.list.current.empty',
    emptyHintKey: 'match.list.current.empty.hint',
    icon: ScanSearch,
  },
  {
    key: 'validatedMatches',
    titleKey: 'match.list.validated',
    emptyKey: 'match.list.validated.empty',
    emptyHintKey: 'match.list.validated.empty.hint',
    icon: HandHeart,
  },
  {
    key: 'refusedMatches',
    titleKey: 'match.list.refused',
    emptyKey: 'match.list.refused.empty',
    emptyHintKey: 'match.list.refused.empty.hint',
    icon: CircleSlash,
  },
] as const satisfies readonly {
  key: keyof UserInfoMatches;
  titleKey: string;
  emptyKey: string;
  emptyHintKey: string;
  icon: LucideIcon;
}[];

function useFormatters() {
  const { i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en-GB' : 'fr-FR';
  return {
    date: (iso: string) => new Date(iso).toLocaleDateString(locale, { dateStyle: 'long' }),
    money: (amount: number) =>
      new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(amount),
  };
}

const STATUS_KEYS: Record<MatchListItem['status']['value'], string> = {
  TO_VALIDATE: 'match.status.TO_VALIDATE',
  VALIDATED: 'match.status.VALIDATED',
  FINISHED: 'match.status.FINISHED',
  REFUSED: 'match.status.REFUSED',
  INVALID: 'match.status.INVALID',
};

export function StatusBadge({ status }: { status: MatchListItem['status']['value'] }) {
  const { t } = useTranslation();
  const tone =
    status === 'FINISHED'
      ? 'bg-emerald-100 text-emerald-900'
      : status === 'REFUSED' || status === 'INVALID'
        ? 'bg-red-100 text-red-900'
        : 'bg-lantern-100 text-lantern-900';
  return (
    <span className={cn('inline-block rounded-full px-2 py-0.5 text-xs font-semibold', tone)}>
      {t(STATUS_KEYS[status])}
    </span>
  );
}

function MatchCard({ match }: { match: MatchListItem }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const photo = match.images[0];
  return (
    <li className="overflow-hidden rounded-xl border border-night-100 bg-white shadow-sm">
      <Link
        to={paths.matchShow.getHref(match.annonceId)}
        className="flex gap-3 p-3 focus-visible:outline-3 focus-visible:outline-lantern-500"
      >
        {photo ? (
          <img
            src={photo.thumbnailUrl}
            alt=""
            className="size-20 shrink-0 rounded-lg object-cover"
            loading="lazy"
          />
        ) : (
          <span className="flex size-20 shrink-0 items-center justify-center rounded-lg bg-night-50">
            <ImageOff aria-hidden="true" className="size-6 text-slate-500" />
          </span>
        )}
        <span className="flex min-w-0 flex-1 flex-col gap-1">
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-semibold text-night-900">{match.title}</span>
            <StatusBadge status={match.status.value} />
          </span>
          <span className="flex items-center gap-1 text-sm text-slate-600">
            <MapPin aria-hidden="true" className="size-4 shrink-0" />
            <span className="truncate">{match.address}</span>
          </span>
          <span className="text-sm text-slate-600">
            {t('match.list.reportedOn', { date: format.date(match.date) })}
          </span>
          {match.additionnalRewardLevel > 0 ? (
            <span className="flex items-center gap-1 text-sm text-lantern-800">
              <Star aria-hidden="true" className="size-4" />
              {t('match.list.reward', { count: match.additionnalRewardLevel })}
            </span>
          ) : null}
          {match.status.value === 'FINISHED' ? (
            <span className="flex flex-wrap gap-x-3 gap-y-1 text-sm font-medium text-emerald-900">
              {match.restitutionDate ? (
                <span className="flex items-center gap-1">
                  <CalendarCheck aria-hidden="true" className="size-4" />
                  {t('match.list.restitution', { date: format.date(match.restitutionDate) })}
                </span>
              ) : null}
              {match.moneyGained !== null ? (
                <span className="flex items-center gap-1">
                  <Coins aria-hidden="true" className="size-4" />
                  {t('match.list.money', { amount: format.money(match.moneyGained) })}
                </span>
              ) : null}
              <span className="flex items-center gap-1">
                <Flame aria-hidden="true" className="size-4" />
                {t('match.list.lampions', { count: match.lampionsGained })}
              </span>
            </span>
          ) : null}
        </span>
      </Link>
    </li>
  );
}

/**
 * My matches: current, validated and refused, each with its empty line (docs/product/annonces.md
 * §2); without any report at all, one empty state that leads to checking a vehicle.
 */
export function MyMatches({ onScan }: { onScan?: () => void }) {
  const { t } = useTranslation();
  const matches = useMyMatches();
  const data = matches.data;
  if (data && GROUPS.every((group) => data[group.key].length === 0)) {
    return (
      <EmptyState
        icon={ScanSearch}
        title={t('match.list.empty')}
        text={t('match.list.empty.hint')}
        action={
          onScan
            ? { label: t('match.list.scan'), onClick: onScan, icon: ScanSearch }
            : { label: t('match.list.browse'), to: paths.search.getHref() }
        }
      />
    );
  }
  return (
    <div className="flex flex-col gap-6">
      {/* Once loaded: without any report, the empty state's button takes its place. */}
      {onScan && matches.isLoading ? (
        <Skeleton className="h-11 w-48 rounded-lg" />
      ) : onScan ? (
        <div>
          <button type="button" className={buttonClasses({})} onClick={onScan}>
            {t('match.list.scan')}
          </button>
        </div>
      ) : null}
      {matches.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {t('match.list.error')}
        </p>
      ) : null}
      {GROUPS.map((group) => {
        const items = matches.data?.[group.key] ?? [];
        const headingId = `matches-${group.key}`;
        return (
          <section key={group.key} aria-labelledby={headingId} className="flex flex-col gap-3">
            <h2 id={headingId} className="text-lg font-semibold text-night-900">
              {t(group.titleKey)}
              {matches.data ? (
                <span className="ml-2 text-sm font-normal text-slate-600">({items.length})</span>
              ) : null}
            </h2>
            {matches.isLoading ? (
              <Skeleton className="h-[106px] w-full rounded-xl" />
            ) : items.length === 0 ? (
              <EmptyState
                compact
                icon={group.icon}
                title={t(group.emptyKey)}
                text={t(group.emptyHintKey)}
              />
            ) : (
              <ul className="grid gap-3 md:grid-cols-2">
                {items.map((match) => (
                  <MatchCard key={match.serverId} match={match} />
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}

/** MatchShow: my reports on one announcement, with my photos and the review's outcome. */
export function MatchShow({ annonceId }: { annonceId: number }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const show = useMatchShow(annonceId);
  const colors = useColors();
  const colorText = (value: string) =>
    colors.data?.find((option) => option.value === value)?.text ?? value;
  if (show.isLoading) return <Skeleton className="h-40 w-full rounded-xl" />;
  if (show.isError || !show.data) {
    return (
      <p role="alert" className="text-sm text-night-800">
        {t('match.show.notFound')}
      </p>
    );
  }
  const data: MatchShowData = show.data;
  const first = data.matches[0];
  return (
    <div className="flex flex-col gap-5">
      {first ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-lg font-semibold text-night-900">{first.title}</p>
          <Link
            to={paths.annonceShow.getHref(annonceId)}
            className={buttonClasses({ variant: 'secondary', size: 'sm' })}
          >
            {t('match.show.seeAnnonce')}
          </Link>
        </div>
      ) : null}
      <ul className="flex flex-col gap-4">
        {data.matches.map((match) => (
          <li
            key={match.serverId}
            className="flex flex-col gap-3 rounded-xl border border-night-100 bg-white p-4 shadow-sm"
          >
            <div className="flex flex-wrap items-center gap-2">
              <StatusBadge status={match.status.value} />
              <span className="text-sm text-slate-600">
                {t('match.list.reportedOn', { date: format.date(match.date) })}
              </span>
            </div>
            <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm md:grid-cols-2">
              <Detail label={t('match.field.address')} value={match.address} />
              <Detail label={t('match.field.vehicleType')} value={match.vehicleTypeName} />
              <Detail
                label={t('match.show.vehicle')}
                value={[match.brandName, match.modelName, match.modelFinishName]
                  .filter(Boolean)
                  .join(' ')}
              />
              <Detail label={t('match.field.vin')} value={match.vin} />
              <Detail
                label={t('match.field.color')}
                value={match.color ? colorText(match.color) : null}
              />
              <Detail label={t('match.field.description')} value={match.description} />
              {match.status.value === 'FINISHED' ? (
                <>
                  <Detail
                    label={t('match.show.restitution')}
                    value={match.restitutionDate ? format.date(match.restitutionDate) : null}
                  />
                  <Detail
                    label={t('match.show.money')}
                    value={match.moneyGained !== null ? format.money(match.moneyGained) : null}
                  />
                </>
              ) : null}
              <Detail
                label={t('match.show.lampions')}
                value={t('match.list.lampions', { count: match.lampionsGained })}
              />
              {match.reviewComment ? (
                <Detail label={t('match.show.comment')} value={match.reviewComment} />
              ) : null}
            </dl>
            {match.photos.length > 0 ? (
              <ul
                aria-label={t('match.show.photos')}
                className="grid grid-cols-3 gap-2 md:grid-cols-5"
              >
                {match.photos.map((photo, index) => (
                  <li key={photo.id}>
                    <a href={photo.fileUrl} target="_blank" rel="noreferrer">
                      <img
                        src={photo.thumbnailUrl}
                        alt={t('match.verify.photos.alt', { n: index + 1 })}
                        className="aspect-square w-full rounded-lg object-cover"
                      />
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Detail({ label, value }: { label: string; value: string | null | undefined }) {
  const { t } = useTranslation();
  return (
    <div>
      <dt className="font-medium text-night-900">{label}</dt>
      <dd className="text-night-800">{value || t('match.show.none')}</dd>
    </div>
  );
}
